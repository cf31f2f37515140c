import { PunishSearch } from './punish-search';
import styles from './services.module.css';

/** xyfw/xyxf/search: find the penalty to repair. */
export default function RepairSearchPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信用修复 · 查询行政处罚</h1>
      <p className={styles.intro}>
        查询公示中的行政处罚，选择需要修复的记录。已满最短公示期（一般失信行为3个月、严重失信行为1年）的记录可申请修复。
      </p>
      <PunishSearch kind="repair" />
    </div>
  );
}

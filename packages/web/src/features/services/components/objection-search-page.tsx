import { PunishSearch } from './punish-search';
import styles from './services.module.css';

/** xyfw/xyyy/search: find the record to object to. */
export default function ObjectionSearchPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信用异议 · 查询公示信息</h1>
      <p className={styles.intro}>查询公示中的行政处罚，选择您认为存在错误或遗漏的记录提出异议。</p>
      <PunishSearch kind="objection" />
    </div>
  );
}

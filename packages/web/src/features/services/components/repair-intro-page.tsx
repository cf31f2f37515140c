import { paths } from '@/lib/paths';
import { ServiceIntro } from './service-intro';
import styles from './services.module.css';

/** xyfw/xyxf: credit repair — the guide's conditions, materials and flow, and how it is done here. */
export default function RepairIntroPage() {
  return (
    <ServiceIntro
      title="信用修复"
      guidePath={paths.creditRepair}
      actions={[
        { label: '查询处罚并申请', path: paths.creditRepairSearch, primary: true },
        { label: '我的修复申请', path: paths.creditRepairProgress },
      ]}
    >
      <h2 className={styles.subheading}>在线办理说明</h2>
      <ol className={styles.list}>
        <li>按企业名称或处罚决定书文号查询公示中的行政处罚，选择需要修复的记录。</li>
        <li>登录后填写修复目的和联系人，上传证明材料（PDF、JPG、PNG）。只能为本人名下的企业申请。</li>
        <li>提交后获得申请编号，可在“我的修复申请”中查看受理、审核、办结各环节的时间和办理单位。</li>
        <li>审核通过后，该处罚记录标注“已修复”并停止公示。</li>
      </ol>
    </ServiceIntro>
  );
}

import { paths } from '@/lib/paths';
import { ServiceIntro } from './service-intro';
import styles from './services.module.css';

/** xyfw/wwfwgb: the 专项信用报告 that replaces certificates of no violation — guide and entries. */
export default function SpecialReportPage() {
  return (
    <ServiceIntro
      title="专项信用报告（代替无违法违规证明）"
      guidePath={paths.specialReport}
      actions={[
        { label: '申请专项信用报告', path: paths.specialReportInfo, primary: true },
        { label: '报告说明', path: paths.specialReportExplain },
        { label: '核验报告', path: paths.reportVerify },
      ]}
    >
      <h2 className={styles.subheading}>在线办理说明</h2>
      <ol className={styles.list}>
        <li>实名登录后，选择本人名下的企业、报告涵盖的领域（至少一个）和报告期间（最长5年）。</li>
        <li>系统即时生成PDF格式的专项信用报告，带报告编号、验证码和二维码。</li>
        <li>报告使用单位可扫码或在“报告核验”页面输入编号和验证码核验真伪，无需再开具纸质证明。</li>
      </ol>
    </ServiceIntro>
  );
}

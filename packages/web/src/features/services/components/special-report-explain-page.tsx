import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import styles from './services.module.css';

/** xyfw/wwfwgb/explain: what the special report covers, what it replaces, and how it is checked. */
export default function SpecialReportExplainPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>专项信用报告说明</h1>
      <p className={styles.intro}>
        根据《关于以专项信用报告代替有无违法违规记录证明的实施方案》（发改财金〔2025〕565号），企业在上市融资、招标投标、评优评先、资质申请等场景需要的有无违法违规记录证明，可由专项信用报告代替。
      </p>
      <h2 className={styles.subheading}>报告内容</h2>
      <ul className={styles.list}>
        <li>主体基本信息：名称、统一社会信用代码、法定代表人、登记状态。</li>
        <li>报告期间内的行政处罚：处罚决定书文号、处罚类别、决定机关、决定日期；已修复的记录标注“已修复”。</li>
        <li>失信被执行、严重失信主体名单等列入情况。</li>
        <li>报告结论：报告期间内有无上述违法违规记录。</li>
      </ul>
      <h2 className={styles.subheading}>报告期间</h2>
      <p className={styles.intro}>由申请人选择，最长为申请之日前5年。</p>
      <h2 className={styles.subheading}>真伪核验</h2>
      <p className={styles.intro}>
        每份报告有唯一的报告编号和验证码，并经数字签名。报告使用单位扫描报告上的二维码，或在
        <Link to={paths.reportVerify}>报告核验</Link>
        页面输入报告编号和验证码，即可查看报告主体、期间、生成时间和结论摘要；上传PDF文件还可核对文件是否被篡改。
      </p>
      <div className={styles.actions}>
        <Link to={paths.specialReportInfo} className={styles.primaryAction}>
          申请专项信用报告
        </Link>
        <Link to={paths.specialReport} className={styles.action}>
          返回专项信用报告
        </Link>
      </div>
    </div>
  );
}

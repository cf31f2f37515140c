import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import styles from './services.module.css';

/** xyfw/wwfwgb/explain: what the special report covers, what it replaces, and how it is checked. */
export default function SpecialReportExplainPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>专项信用报告说明</h1>
      <p className={styles.intro}>
        根据《国家发展改革委 公安部
        国家数据局关于全面推行以专项信用报告替代有无违法违规记录证明的通知》（发改财金〔2025〕565号），企业在上市融资、招标投标、评优评先、资质申请等场景需要的有无违法违规记录证明，可由专项信用报告代替。
      </p>
      <h2 className={styles.subheading}>报告内容</h2>
      <ul className={styles.list}>
        <li>主体基本信息：名称、统一社会信用代码、法定代表人、登记状态。</li>
        <li>
          申请人选择的各领域：每个领域的主管部门、查询结果，以及报告期间内这些部门作出的全部行政处罚——含简易程序作出的轻微违法行为处罚（依规不予公示）、已过公示期和已修复的记录（标注“已修复”），每条写明违法程度和公示情况。
        </li>
        <li>失信被执行、严重失信主体名单等列入情况。</li>
        <li>
          报告结论：按查到的记录逐个领域写明，未查到记录的写“未发现行政处罚记录”，查到的写明条数和种类；本平台未归集的行政强制和刑事裁判（犯罪记录）信息在报告说明中注明未查询。
        </li>
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

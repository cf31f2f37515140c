import { paths } from '@/lib/paths';
import { ServiceIntro } from './service-intro';
import styles from './services.module.css';

/** xyfw/xyyy: credit objection — the guide's conditions, materials and flow, and how it is done here. */
export default function ObjectionIntroPage() {
  return (
    <ServiceIntro
      title="信用异议"
      guidePath={paths.creditObjection}
      actions={[
        { label: '查询信息并申请', path: paths.creditObjectionSearch, primary: true },
        { label: '结果查询', path: paths.creditObjectionResult },
      ]}
    >
      <h2 className={styles.subheading}>在线办理说明</h2>
      <ol className={styles.list}>
        <li>按企业名称或处罚决定书文号查询公示中的信息，选择存在错误或遗漏的记录。</li>
        <li>登录后说明异议理由，填写联系人，上传证明材料（PDF、JPG、PNG）。只能为本人名下的企业申请。</li>
        <li>核查期间该记录标注“异议处理中”。提交后获得申请编号，凭编号可随时查询核查进度和结果。</li>
      </ol>
    </ServiceIntro>
  );
}

import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LoginPrompt } from '@/components/login-prompt';
import { useLoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { RED_BLACK_LIST, RedBlackTabs } from '../lists/red-black-list';
import styles from './disclosure.module.css';

/** One list of the disclosure section, as the landing page offers it. */
interface DisclosureEntry {
  title: string;
  path: string;
  description: string;
  /** The list needs a real-name login. */
  login?: boolean;
}

/** The lists of 信息公示, in the order the landing page shows them. */
const ENTRIES: readonly DisclosureEntry[] = [
  {
    title: '双公示',
    path: paths.doubleDisclosure,
    description: '行政许可和行政处罚信息，按行政相对人、统一社会信用代码或文书号查询。',
  },
  {
    title: '信用承诺公示',
    path: paths.promiseBook,
    description: '市场主体作出并经审核公示的信用承诺。',
  },
  {
    title: '守信践诺公示',
    path: paths.keptPromises,
    description: '信用承诺到期后经承诺受理单位核查、已履行承诺的市场主体。',
  },
  {
    title: '信用承诺自愿注册',
    path: paths.promiseVoluntary,
    description: '市场主体在线自愿作出信用承诺，经审核后公示。',
    login: true,
  },
  {
    title: '经营异常名录',
    path: paths.abnormalBusiness,
    description: '市场监督管理部门列入经营异常名录的企业和个体工商户。',
  },
  {
    title: '重大税收违法失信主体',
    path: paths.majorTaxViolation,
    description: '税务机关依法公布的重大税收违法失信案件当事人。',
  },
  {
    title: '拖欠农民工工资失信联合惩戒对象',
    path: paths.arrearsFunds,
    description: '人力资源社会保障部门列入失信联合惩戒名单的用人单位。',
  },
  {
    title: '个人破产信息',
    path: paths.bankruptcyList,
    description: '人民法院受理的个人破产案件及管理人、债权申报信息。',
  },
  {
    title: '信用河套',
    path: paths.hetaoList,
    description: '纳入深港河套深圳园区信用合作的企业及其信用标签。',
  },
  {
    title: '信用河套查询',
    path: paths.hetaoSearch,
    description: '输入企业名称或统一社会信用代码，查询企业是否纳入信用河套名录及其信用标签。',
  },
  {
    title: '非税收入欠缴信息',
    path: paths.nontaxList,
    description: '执收单位公示的逾期未缴纳非税收入。',
    login: true,
  },
  {
    title: '开放数据',
    path: paths.openData,
    description: '当日公示的双公示与各类名单的数据文件（CSV、JSON Lines）、字段说明与读取接口。',
  },
];

/** xygs: the landing page of 信息公示, leading to every disclosure list. */
export default function DisclosureHomePage() {
  const session = useLoginSession();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信息公示</h1>
      <p className={styles.intro}>
        依法依规公示的各类信用信息。信息由各数据来源单位提供，如有异议，可通过“信用服务”提出异议申请。
      </p>
      <ul className={styles.entries}>
        {ENTRIES.map((entry) => (
          <li key={entry.path}>
            <Link to={entry.path} className={styles.entry}>
              <span className={styles.entryTitle}>
                {entry.title}
                {entry.login ? <span className={styles.entryTag}>需实名登录</span> : null}
              </span>
              <span className={styles.entryText}>{entry.description}</span>
              <RightOutlined aria-hidden className={styles.entryArrow} />
            </Link>
          </li>
        ))}
      </ul>
      <section className={styles.section} aria-labelledby="red-black-title">
        <h2 id="red-black-title" className={styles.subheading}>
          红黑名单
        </h2>
        <p className={styles.intro}>{RED_BLACK_LIST.intro}</p>
        {session ? <RedBlackTabs /> : <LoginPrompt purpose="查询红黑名单" returnTo={paths.disclosure} />}
      </section>
    </div>
  );
}

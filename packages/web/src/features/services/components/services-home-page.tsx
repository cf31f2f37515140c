import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import styles from './services.module.css';

/** One service of the landing page: what it is for and where it starts. */
interface ServiceEntry {
  title: string;
  description: string;
  /** Needs a login (filing) or a real-name login (the special report). */
  tag?: string;
  links: readonly { label: string; path: string; primary?: boolean }[];
}

const SERVICES: readonly ServiceEntry[] = [
  {
    title: '信用修复',
    description:
      '行政处罚信息公示期内，已履行处罚决定、纠正失信行为的主体，可申请提前停止公示。修复后该记录标注“已修复”，不再公示。',
    tag: '需登录',
    links: [
      { label: '查询处罚并申请', path: paths.creditRepairSearch, primary: true },
      { label: '办理须知', path: paths.creditRepair },
      { label: '办理进度', path: paths.creditRepairProgress },
    ],
  },
  {
    title: '信用异议',
    description:
      '认为公示的信用信息存在错误、遗漏的，可提出异议申请；核查期间该记录标注“异议处理中”，核查结果可按申请编号查询。',
    tag: '需登录',
    links: [
      { label: '查询信息并申请', path: paths.creditObjectionSearch, primary: true },
      { label: '办理须知', path: paths.creditObjection },
      { label: '结果查询', path: paths.creditObjectionResult },
    ],
  },
  {
    title: '企业信用报告',
    description:
      '企业公共信用信息报告：登记信息、行政许可、公示期内的行政处罚、红黑名单与信用承诺，可选最长5年的报告期间，在线生成PDF。',
    links: [{ label: '生成信用报告', path: paths.creditReport, primary: true }],
  },
  {
    title: '专项信用报告（代替无违法违规证明）',
    description:
      '以专项信用报告代替有无违法违规记录证明：行政处罚、失信被执行、严重失信主体名单等，企业实名登录后在线获取，无需往返各部门开具证明。',
    tag: '需实名登录',
    links: [
      { label: '申请专项信用报告', path: paths.specialReportInfo, primary: true },
      { label: '报告说明', path: paths.specialReportExplain },
      { label: '了解详情', path: paths.specialReport },
    ],
  },
  {
    title: '报告核验',
    description:
      '每份报告带有报告编号、验证码、二维码和电子签名。任何人均可在线核验报告真伪：凭报告编号和验证码查看报告主体、期间、生成时间和结论摘要，或只上传报告PDF文件核验电子签名。',
    links: [{ label: '核验报告', path: paths.reportVerify, primary: true }],
  },
  {
    title: '第三方信用核查',
    description: '经企业授权的第三方（银行、招标单位等）凭统一社会信用代码、报告编号和验证码查看该报告的内容。',
    links: [{ label: '信用核查', path: paths.publicCheck, primary: true }],
  },
];

/** xyfw: the credit services, each with a short explanation and its entries. */
export default function ServicesHomePage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信用服务</h1>
      <p className={styles.intro}>
        在线办理信用修复、信用异议，获取企业信用报告和专项信用报告，并可在线核验报告。办理中的申请均有申请编号，可随时查看办理进度。
      </p>
      <ul className={styles.cards}>
        {SERVICES.map((service) => (
          <li key={service.title}>
            <section className={styles.card} aria-labelledby={`service-${service.links[0]!.path}`}>
              <h2 id={`service-${service.links[0]!.path}`} className={styles.cardTitle}>
                {service.title}
                {service.tag ? <span className={styles.tag}>{service.tag}</span> : null}
              </h2>
              <p className={styles.cardText}>{service.description}</p>
              <div className={styles.actions}>
                {service.links.map((link) => (
                  <Link key={link.path} to={link.path} className={link.primary ? styles.primaryAction : styles.action}>
                    {link.label}
                  </Link>
                ))}
              </div>
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}

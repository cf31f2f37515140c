import {
  ApartmentOutlined,
  BookOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  NotificationOutlined,
  GlobalOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RichText } from '@/components/rich-text';
import { paths } from '@/lib/paths';
import { SectionDocument } from './section-document';
import styles from './about.module.css';

interface AboutLink {
  path: string;
  title: string;
  note: string;
  icon: ReactNode;
}

const ABOUT_LINKS: readonly AboutLink[] = [
  { path: paths.organisation, title: '组织机构', note: '机构职能、领导信息、内设机构', icon: <ApartmentOutlined /> },
  { path: paths.office, title: '办公室', note: '办公地址、办公时间与咨询电话', icon: <EnvironmentOutlined /> },
  { path: paths.annualReports, title: '信用年报', note: '社会信用体系建设年度报告', icon: <FileTextOutlined /> },
  { path: paths.flipbook, title: '信用读本', note: '在线翻阅信用知识读本', icon: <BookOutlined /> },
  { path: paths.governmentVoice, title: '政府声音', note: '市政府信用工作部署', icon: <NotificationOutlined /> },
  { path: paths.regionalCredit, title: '区域信用', note: '各区社会信用体系建设', icon: <GlobalOutlined /> },
];

/** index/xyzx: the centre's introduction from the CMS, with the ways into the centre's other pages. */
export default function CentreIntroPage() {
  return (
    <div className={styles.page}>
      <SectionDocument section="about">
        {(document) => (
          <article>
            <h1 className={styles.heading}>{document.content_title}</h1>
            <RichText html={document.content} />
          </article>
        )}
      </SectionDocument>
      <h2 className={styles.subheading}>了解更多</h2>
      <ul className={styles.links}>
        {ABOUT_LINKS.map((link) => (
          <li key={link.path}>
            <Link to={link.path} className={styles.linkCard}>
              <span className={styles.linkIcon} aria-hidden>
                {link.icon}
              </span>
              <span className={styles.linkText}>
                <span className={styles.linkTitle}>{link.title}</span>
                <span className={styles.linkNote}>{link.note}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

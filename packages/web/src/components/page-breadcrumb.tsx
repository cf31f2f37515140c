import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { Icon } from './lite/icon';
import styles from './page-breadcrumb.module.css';

/** One step of a breadcrumb trail; the last step has no path (it is the current page). */
export interface Crumb {
  label: string;
  path?: string;
}

/**
 * The breadcrumb of spec §2.1: always starts with 首页 linking to /index. Plain list markup
 * rather than antd's Breadcrumb, which brings its dropdown menus (≈ 15 kB compressed) into
 * every page for a trail that never has one.
 */
export function PageBreadcrumb({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="当前位置" className={styles.breadcrumb}>
      <span className={styles.lead}>当前位置：</span>
      <ol className={styles.trail}>
        <li className={styles.step}>
          <Link to={paths.home} className={styles.link}>
            <Icon icon={HomeOutlined} aria-hidden /> 首页
          </Link>
        </li>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className={styles.step}>
              <span className={styles.separator} aria-hidden>
                /
              </span>
              {crumb.path && !last ? (
                <Link to={crumb.path} className={styles.link}>
                  {crumb.label}
                </Link>
              ) : (
                <span className={last ? styles.current : undefined} aria-current={last ? 'page' : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

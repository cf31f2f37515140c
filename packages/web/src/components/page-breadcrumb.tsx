import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import styles from './page-breadcrumb.module.css';

/** One step of a breadcrumb trail; the last step has no path (it is the current page). */
export interface Crumb {
  label: string;
  path?: string;
}

/** The breadcrumb of spec §2.1: always starts with 首页 linking to /index. */
export function PageBreadcrumb({ trail }: { trail: readonly Crumb[] }) {
  const items = [
    {
      key: 'home',
      title: (
        <Link to={paths.home}>
          <HomeOutlined aria-hidden /> 首页
        </Link>
      ),
    },
    ...trail.map((crumb, index) => ({
      key: `${index}-${crumb.label}`,
      title:
        crumb.path && index < trail.length - 1 ? (
          <Link to={crumb.path}>{crumb.label}</Link>
        ) : (
          <span aria-current={index === trail.length - 1 ? 'page' : undefined}>{crumb.label}</span>
        ),
    })),
  ];
  return (
    <nav aria-label="当前位置" className={styles.breadcrumb}>
      <span className={styles.lead}>当前位置：</span>
      <Breadcrumb items={items} />
    </nav>
  );
}

import { Drawer } from 'antd';
import { EnvironmentOutlined, UploadOutlined } from '@ant-design/icons';
import { AntdScope } from '@/components/antd-scope';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { AccessTools } from './access-tools';
import { HeaderAccount } from './header-account';
import { HeaderSearch } from './header-search';
import styles from './site-header.module.css';

/**
 * The header's menu below 768 px (spec §2.1): the main menu (`nav`, drawn by the header), the
 * search, 区县信用站点, 数据报送, the account links and the accessibility tools, in a drawer from the
 * right. Loaded when the menu button is first pressed.
 */
export function SiteMenuDrawer({
  open,
  onClose,
  siteName,
  dataSubmissionUrl,
  nav,
}: {
  open: boolean;
  onClose: () => void;
  siteName: string;
  dataSubmissionUrl?: string;
  nav: ReactNode;
}) {
  return (
    <AntdScope>
      <Drawer id="site-menu-drawer" title={siteName} placement="right" size={300} open={open} onClose={onClose}>
        {nav}
        <div className={styles.drawerSearch}>
          <HeaderSearch variant="inline" onSearched={onClose} />
        </div>
        <div className={styles.drawerLinks}>
          <Link to={paths.areaDetails} className={styles.drawerLink} onClick={onClose}>
            <EnvironmentOutlined aria-hidden /> 区县信用站点
          </Link>
          {dataSubmissionUrl ? (
            <a href={dataSubmissionUrl} target="_blank" rel="noopener noreferrer">
              <UploadOutlined aria-hidden /> 数据报送
              <span className="visually-hidden">（在新窗口打开）</span>
            </a>
          ) : null}
          <HeaderAccount linkClassName={styles.drawerLink} onNavigate={onClose} />
          <AccessTools onReadStarted={onClose} />
        </div>
      </Drawer>
    </AntdScope>
  );
}

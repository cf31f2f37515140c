import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import UploadOutlined from '@ant-design/icons-svg/es/asn/UploadOutlined';
import { HEADER_COMPACT_SCROLL_PX } from '@credit-portal/shared';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '@/components/lite/icon';
import { LiteButton } from '@/components/lite/lite-button';
import { SiteLogo } from '@/components/site-logo';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { telHref } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { AccessTools } from './access-tools';
import { HeaderAccount } from './header-account';
import { HeaderSearch } from './header-search';
import { isNavItemActive, visibleNavItems, type NavItem } from './nav-items';
import styles from './site-header.module.css';

// The phone menu's drawer (antd's Drawer and its motion) loads when first opened, not with the page.
const SiteMenuDrawer = lazy(() => import('./site-menu-drawer').then((module) => ({ default: module.SiteMenuDrawer })));

function NavList({
  items,
  pathname,
  onNavigate,
  vertical = false,
}: {
  items: readonly NavItem[];
  pathname: string;
  onNavigate?: () => void;
  vertical?: boolean;
}) {
  return (
    <ul className={vertical ? styles.drawerNav : styles.navList}>
      {items.map((item) => {
        const active = isNavItemActive(item, pathname);
        return (
          <li key={item.path}>
            <Link
              to={item.path}
              className={active ? `${styles.navLink} ${styles.active}` : styles.navLink}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The portal header (spec §2.1): a top bar (the accessibility tools 长者模式, 大鼠标 and 读屏, 区县站点 — the
 * way to the district credit sites from every page —, 数据报送, 登录 — or, logged in, the masked mobile
 * number or nickname, 个人中心 and 退出), the site name with the
 * search box (on the home page the search sits on the banner instead), and the main menu, which
 * sticks to the top and turns compact (adding the site name) past 260 px of scroll. Below
 * 768 px the menu moves into a drawer.
 */
export function SiteHeader({ isHome }: { isHome: boolean }) {
  const { siteName, dataSubmissionUrl, contactPhone } = useRuntimeConfig();
  const { pathname } = useLocation();
  const compact = useScrolledPast(HEADER_COMPACT_SCROLL_PX);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Once opened, the drawer stays mounted (it animates out, and in again, from then on).
  const [menuLoaded, setMenuLoaded] = useState(false);
  const items = visibleNavItems();
  const closeDrawer = () => setDrawerOpen(false);

  const menuButton = (
    <LiteButton
      className={styles.menuButton}
      type="text"
      icon={MenuOutlined}
      aria-label="打开菜单"
      aria-expanded={drawerOpen}
      aria-controls="site-menu-drawer"
      onClick={() => {
        setMenuLoaded(true);
        setDrawerOpen(true);
      }}
    />
  );

  return (
    <>
      <div className={styles.topBar}>
        <div className={`page-container ${styles.topBarInner}`}>
          <span className={styles.welcome}>欢迎访问{siteName}</span>
          <div className={styles.topLinks}>
            <AccessTools inverted />
            <Link to={paths.areaDetails} className={styles.topLink}>
              <Icon icon={EnvironmentOutlined} aria-hidden /> 区县站点
            </Link>
            {dataSubmissionUrl ? (
              <a href={dataSubmissionUrl} target="_blank" rel="noopener noreferrer" className={styles.topLink}>
                <Icon icon={UploadOutlined} aria-hidden /> 数据报送
                <span className="visually-hidden">（在新窗口打开）</span>
              </a>
            ) : null}
            <HeaderAccount linkClassName={styles.topLink} />
          </div>
        </div>
      </div>
      <header className={styles.brandBar}>
        <div className={`page-container ${styles.brandInner}`}>
          <SiteLogo siteName={siteName} />
          {isHome ? (
            contactPhone ? (
              <p className={styles.hotline}>
                服务热线 <a href={telHref(contactPhone)}>{contactPhone}</a>
              </p>
            ) : null
          ) : (
            <div className={styles.headerSearch}>
              <HeaderSearch variant="inline" />
            </div>
          )}
          {menuButton}
        </div>
      </header>
      <div className={compact ? `${styles.navBar} ${styles.compact}` : styles.navBar}>
        <div className={`page-container ${styles.navInner}`}>
          {compact ? (
            <div className={styles.compactBrand}>
              <SiteLogo siteName={siteName} size="small" inverted />
            </div>
          ) : null}
          <nav aria-label="主导航" className={styles.nav}>
            <NavList items={items} pathname={pathname} />
          </nav>
          {compact ? <div className={styles.compactMenu}>{menuButton}</div> : null}
        </div>
      </div>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <SiteMenuDrawer
            open={drawerOpen}
            onClose={closeDrawer}
            siteName={siteName}
            dataSubmissionUrl={dataSubmissionUrl}
            nav={
              <nav aria-label="主导航（菜单）">
                <NavList items={items} pathname={pathname} onNavigate={closeDrawer} vertical />
              </nav>
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}

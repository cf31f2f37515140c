import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import { Suspense } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { PageBreadcrumb } from '@/components/page-breadcrumb';
import { Icon } from '@/components/lite/icon';
import { SiteLogo } from '@/components/site-logo';
import { telHref } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useCurrentRoute } from '../route-kit';
import { AccessTools, AccessToolStrip } from './access-tools';
import { PageFallback } from './page-fallback';
import styles from './standalone-layout.module.css';

interface StandaloneLayoutProps {
  /** 'page': a slim header with the site name, the breadcrumb and a short footer; 'mobile': a phone app bar. */
  variant?: 'page' | 'mobile';
}

/**
 * The frame of the standalone routes of spec §2.1 (pages outside the main layout; rows with
 * layout 'page' or 'mobile'): enough of the site around them to know where one is and to get back home.
 */
export function StandaloneLayout({ variant = 'page' }: StandaloneLayoutProps) {
  const { siteName, contactAddress, contactPhone } = useRuntimeConfig();
  const navigate = useNavigate();
  const route = useCurrentRoute();

  if (variant === 'mobile') {
    return (
      <div className={styles.mobileShell}>
        <header className={styles.appBar}>
          <button
            type="button"
            className={styles.appBarButton}
            aria-label="返回"
            onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.home))}
          >
            <Icon icon={ArrowLeftOutlined} aria-hidden />
          </button>
          <h1 className={styles.appBarTitle}>{route?.breadcrumb.at(-1)?.label ?? route?.label ?? siteName}</h1>
          <Link to={paths.home} className={styles.appBarButton} aria-label={`${siteName}首页`}>
            <Icon icon={HomeOutlined} aria-hidden />
          </Link>
        </header>
        <AccessToolStrip />
        <main className={styles.mobileMain}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className={styles.mobileFooter}>{siteName}</footer>
      </div>
    );
  }

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={`page-container ${styles.headerInner}`}>
          <SiteLogo siteName={siteName} size="small" />
          <div className={styles.headerTools}>
            <AccessTools />
          </div>
          <Link to={paths.home} className={styles.homeLink}>
            <Icon icon={HomeOutlined} aria-hidden /> 返回首页
          </Link>
        </div>
      </header>
      <main className={styles.main}>
        <div className="page-container">
          {route ? <PageBreadcrumb trail={route.breadcrumb} /> : null}
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <footer className={styles.footer}>
        <div className="page-container">
          <p>
            {siteName}
            {contactAddress ? <span> · 联系地址：{contactAddress}</span> : null}
            {contactPhone ? (
              <span>
                {' '}
                · 联系电话：<a href={telHref(contactPhone)}>{contactPhone}</a>
              </span>
            ) : null}
          </p>
        </div>
      </footer>
    </div>
  );
}

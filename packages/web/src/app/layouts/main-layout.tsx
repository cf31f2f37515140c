import { Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { PageBreadcrumb } from '@/components/page-breadcrumb';
import { BannerCarousel } from '@/features/image-links/components/banner-carousel';
import { paths } from '@/lib/paths';
import { useCurrentRoute } from '../route-kit';
import { HeaderSearch } from './header-search';
import { PageFallback } from './page-fallback';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useWideScreen } from '@/hooks/use-media-query';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useElderMode } from '../elder-mode';
import { ReadAloudBar } from './read-aloud-controls';
import styles from './main-layout.module.css';

const MAIN_ID = 'main-content';

// In a hash-routed app "#main-content" would be read as a route: move focus by hand instead.
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById(MAIN_ID);
  main?.focus();
  main?.scrollIntoView();
}

/** The main layout: header, the home banner or the breadcrumb, the page, the footer. */
export function MainLayout() {
  const { siteName } = useRuntimeConfig();
  const route = useCurrentRoute();
  const isHome = route?.path === paths.home;
  const { enabled: elderMode } = useElderMode();
  // A phone shows the banners' baked-in headline at a few pixels, and 长者模式 has no
  // carousel: both get the site name and slogan as real text instead.
  const phone = !useWideScreen();
  return (
    <div className={styles.shell}>
      <a href={`#${MAIN_ID}`} className={styles.skipLink} onClick={skipToContent}>
        跳到主要内容
      </a>
      <SiteHeader isHome={isHome} />
      {isHome ? (
        <BannerCarousel
          showBanners={!phone && !elderMode}
          fallbackTitle={
            <div className={styles.heroTitles}>
              <p className={styles.heroTitle}>{siteName}</p>
              <p className={styles.heroSubtitle}>信用信息 · 一站查询</p>
            </div>
          }
        >
          <HeaderSearch variant="hero" />
        </BannerCarousel>
      ) : null}
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <div className="page-container">
          {route && !isHome ? <PageBreadcrumb trail={route.breadcrumb} /> : null}
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <SiteFooter />
      <ReadAloudBar />
    </div>
  );
}

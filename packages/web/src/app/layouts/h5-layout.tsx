import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useCurrentRoute } from '../route-kit';
import { AccessToolStrip } from './access-tools';
import { PageFallback } from './page-fallback';
import styles from './h5-layout.module.css';

/**
 * The frame of the H5 personal credit app (/h5/*, rows with layout 'h5'): a phone column with the
 * page's title and, under it, the accessibility tools (长者模式, 大鼠标, 读屏), as on the portal;
 * the row's introduction (the logins') above the page.
 */
export function H5Layout() {
  const { siteName } = useRuntimeConfig();
  const route = useCurrentRoute();
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <h1 className={styles.title}>{route?.breadcrumb.at(-1)?.label ?? siteName}</h1>
      </header>
      <AccessToolStrip />
      <main className={styles.main}>
        {route?.intro}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

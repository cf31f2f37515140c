import type { ReactNode } from 'react';
import { SiteLogo } from '@/components/site-logo';
import { useRuntimeConfig } from '@/lib/runtime-config';
import styles from './account.module.css';

/** The frame of the standalone account pages (registration, the phone's confirmation): the site's name and one card. */
export function StandaloneFrame({ title, children }: { title: string; children: ReactNode }) {
  const { siteName } = useRuntimeConfig();
  return (
    <div className={styles.standalone}>
      <header className={styles.standaloneHeader}>
        <SiteLogo siteName={siteName} size="small" inverted />
      </header>
      <main className={styles.standaloneMain}>
        <section className={styles.standaloneCard} aria-labelledby="standalone-title">
          <h1 id="standalone-title" className={styles.standaloneTitle}>
            {title}
          </h1>
          {children}
        </section>
      </main>
    </div>
  );
}

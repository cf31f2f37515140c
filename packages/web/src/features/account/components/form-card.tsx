import type { ReactNode } from 'react';
import styles from './account.module.css';

/** One centred card with a heading: the body of the account pages in the slim frame (registration, the phone's confirmation). */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.formCardWrap}>
      <section className={styles.formCard} aria-labelledby="form-card-title">
        <h1 id="form-card-title" className={styles.formCardTitle}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

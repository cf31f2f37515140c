import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Icon } from './lite/icon';
import styles from './section-card.module.css';

interface SectionCardProps {
  title: string;
  /** The section's list page, shown as 更多 when given. */
  morePath?: string;
  extra?: ReactNode;
  children: ReactNode;
}

/** A titled white card for one block of a page (home page, section overviews). */
export function SectionCard({ title, morePath, extra, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {extra}
        {morePath ? (
          <Link to={morePath} className={styles.more} aria-label={`${title}：更多`}>
            更多 <Icon icon={RightOutlined} aria-hidden />
          </Link>
        ) : null}
      </header>
      <div className={styles.body}>{children}</div>
    </section>
  );
}

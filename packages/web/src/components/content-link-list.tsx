import type { ContentListItem } from '@credit-portal/shared';
import { MESSAGES } from '@credit-portal/shared';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { detailsPath } from '@/lib/paths';
import { ExternalLink } from './external-link';
import styles from './content-link-list.module.css';

interface ContentLinkListProps {
  items: readonly ContentListItem[];
  /** The details page the titles open (query id). */
  detailsBase: string;
  /** At most this many items are shown. */
  limit?: number;
  /** Open the details in a new tab (the district sites open XydtDetails so, spec §2.2). */
  newTab?: boolean;
}

/** The list with title links of spec §2.1; items with is_url '1' leave through the warning dialog. */
export function ContentLinkList({ items, detailsBase, limit, newTab = false }: ContentLinkListProps) {
  const shown = limit === undefined ? items : items.slice(0, limit);
  return (
    <ul className={styles.list}>
      {shown.map((item) => {
        const title = (
          <>
            {item.top ? <span className={styles.pinned}>{MESSAGES.pinned}</span> : null}
            {item.content_title}
          </>
        );
        return (
          <li key={item.record_id} className={styles.item}>
            {item.is_url === '1' ? (
              <ExternalLink href={item.url} className={styles.title} title={item.content_title}>
                {title}
              </ExternalLink>
            ) : (
              <Link
                to={detailsPath(detailsBase, item.record_id)}
                className={styles.title}
                title={newTab ? `${item.content_title}（在新窗口打开）` : item.content_title}
                {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {title}
              </Link>
            )}
            {item.release_date ? (
              <time className={styles.date} dateTime={formatDate(item.release_date)}>
                {formatDate(item.release_date)}
              </time>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

import type { ArticleListItem as Article } from '@credit-portal/shared';
import { MESSAGES } from '@credit-portal/shared';
import { CalendarOutlined, LinkOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { formatDate } from '@/lib/format';
import styles from './article-list-item.module.css';

interface ArticleListItemProps {
  article: Article;
  /** Where the title leads: the details page, or (for is_url '1' items) an external address. */
  target: { kind: 'details'; path: string } | { kind: 'external'; url: string };
}

/** The article list item of spec §3: title ('[置顶]' when top), excerpt, author and date. */
export function ArticleListItem({ article, target }: ArticleListItemProps) {
  const title = (
    <>
      {article.top ? <span className={styles.pinned}>{MESSAGES.pinned}</span> : null}
      {article.title}
      {target.kind === 'external' ? <LinkOutlined className={styles.externalMark} aria-label="外部链接" /> : null}
    </>
  );
  return (
    <article className={styles.item}>
      <h2 className={styles.title}>
        {target.kind === 'details' ? (
          <Link to={target.path}>{title}</Link>
        ) : (
          <ExternalLink href={target.url}>{title}</ExternalLink>
        )}
      </h2>
      {article.content ? <p className={styles.excerpt}>{article.content}</p> : null}
      <p className={styles.meta}>
        {article.author ? (
          <span>
            <UserOutlined aria-hidden /> {article.author}
          </span>
        ) : null}
        {article.date ? (
          <time dateTime={formatDate(article.date)}>
            <CalendarOutlined aria-hidden /> {formatDate(article.date)}
          </time>
        ) : null}
      </p>
    </article>
  );
}

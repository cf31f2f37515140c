import type { ArticleListItem as Article } from '@credit-portal/shared';
import { MESSAGES } from '@credit-portal/shared';
import { CalendarOutlined, LinkOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { formatDate } from '@/lib/format';
import { hashHref } from '@/lib/paths';
import styles from './article-list-item.module.css';

interface ArticleListItemProps {
  article: Article;
  /**
   * Where the title leads: the details page (in a new tab for the named routes zcfgDetails and
   * XydtDetails), or, for is_url '1' items, an external address.
   */
  target: { kind: 'details'; path: string; newTab?: boolean } | { kind: 'external'; url: string };
  /** A label shown before the date, e.g. the item's section in a search over all sections. */
  tag?: string;
}

/** The article list item of spec §3: title ('[置顶]' when top), excerpt, author and date. */
export function ArticleListItem({ article, target, tag }: ArticleListItemProps) {
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
        {target.kind === 'details' && target.newTab ? (
          <a href={hashHref(target.path)} target="_blank" rel="noopener">
            {title}
            <span className="visually-hidden">（在新窗口打开）</span>
          </a>
        ) : target.kind === 'details' ? (
          <Link to={target.path}>{title}</Link>
        ) : (
          <ExternalLink href={target.url}>{title}</ExternalLink>
        )}
      </h2>
      {article.content ? <p className={styles.excerpt}>{article.content}</p> : null}
      <p className={styles.meta}>
        {tag ? <span className={styles.tag}>{tag}</span> : null}
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

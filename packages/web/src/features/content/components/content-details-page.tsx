import { Button, Result } from 'antd';
import { ArrowLeftOutlined, LinkOutlined, PrinterOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExternalLinkDialog } from '@/components/external-link-dialog';
import { QueryState } from '@/components/query-state';
import { RichText } from '@/components/rich-text';
import { formatDate } from '@/lib/format';
import { hashHref } from '@/lib/paths';
import { useContentDetail } from '../api/get-content-detail';
import styles from './content-details-page.module.css';
import { useRecordTitle } from '@/hooks/use-record-title';

export interface ContentDetailsPageProps {
  /** The section's list, for the back link. */
  listPath: string;
  listLabel: string;
}

/** The generic article page (?id=): title, date, source and author, sanitized body; prints cleanly. */
export default function ContentDetailsPage({ listPath, listLabel }: ContentDetailsPageProps) {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id')?.trim() || null;
  const query = useContentDetail(id);
  useRecordTitle(query.data?.content_title);
  const [leaving, setLeaving] = useState<string | null>(null);

  if (!id) {
    return (
      <div className={styles.page}>
        <Result
          status="404"
          title="未找到该文章"
          subTitle="链接中缺少文章编号，请从列表中重新打开。"
          extra={
            <Button type="primary" href={hashHref(listPath)}>
              返回{listLabel}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <QueryState query={query} skeletonRows={12} size="page">
        {(article) => (
          <article className={styles.article}>
            <h1 className={styles.title}>{article.content_title}</h1>
            <div className={styles.meta}>
              {article.release_date ? (
                <span>
                  发布日期：<time dateTime={formatDate(article.release_date)}>{formatDate(article.release_date)}</time>
                </span>
              ) : null}
              {article.source ? <span>来源：{article.source}</span> : null}
              {article.author ? <span>作者：{article.author}</span> : null}
              <Button
                type="link"
                size="small"
                className={styles.print}
                icon={<PrinterOutlined aria-hidden />}
                onClick={() => window.print()}
              >
                打印
              </Button>
            </div>
            {article.is_url === '1' ? (
              <div className={styles.external}>
                <p>本文内容发布在其他网站。</p>
                <Button type="primary" icon={<LinkOutlined aria-hidden />} onClick={() => setLeaving(article.url)}>
                  查看原文
                </Button>
              </div>
            ) : (
              <RichText html={article.content} />
            )}
            <footer className={styles.footer}>
              <Link to={listPath} className={styles.back}>
                <ArrowLeftOutlined aria-hidden /> 返回{listLabel}
              </Link>
            </footer>
          </article>
        )}
      </QueryState>
      <ExternalLinkDialog url={leaving} onClose={() => setLeaving(null)} />
    </div>
  );
}

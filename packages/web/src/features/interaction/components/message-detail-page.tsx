import { Button, Descriptions, Result, Tag } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { INTERACTION_STATUSES, INTERACTION_TYPES } from '@credit-portal/shared';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { hashHref, paths } from '@/lib/paths';
import { useMessage } from '../api/get-message';
import { STATUS_COLORS, TYPE_COLORS } from '../interaction-labels';
import { InteractionNav } from './interaction-nav';
import styles from './interaction.module.css';
import { useRecordTitle } from '@/hooks/use-record-title';

/** hdjl/Detail?id=: one public message — what was asked and the department's reply; prints cleanly. */
export default function MessageDetailPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id')?.trim() || null;
  const query = useMessage(id);
  useRecordTitle(query.data?.title);

  return (
    <div className={styles.page}>
      <InteractionNav />
      {!id ? (
        <Result
          status="404"
          title="未找到该留言"
          subTitle="链接中缺少留言编号，请从留言列表中重新打开。"
          extra={
            <Button type="primary" href={hashHref(paths.interactionList)}>
              返回留言列表
            </Button>
          }
        />
      ) : (
        <QueryState query={query} skeletonRows={10} size="page">
          {(message) => (
            <article className={styles.detail}>
              <h1 className={styles.detailTitle}>
                <Tag color={TYPE_COLORS[message.type]}>{INTERACTION_TYPES[message.type]}</Tag>
                {message.title}
              </h1>
              <Descriptions
                className={styles.detailMeta}
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: '留言编号', children: message.code },
                  { key: 'asker', label: '留言人', children: message.asker },
                  { key: 'time', label: '留言时间', children: message.createdAt },
                  {
                    key: 'status',
                    label: '办理状态',
                    children: <Tag color={STATUS_COLORS[message.status]}>{INTERACTION_STATUSES[message.status]}</Tag>,
                  },
                  { key: 'dept', label: '办理单位', children: message.dept },
                  ...(message.satisfaction
                    ? [{ key: 'satisfaction', label: '留言人评价', children: message.satisfaction }]
                    : []),
                ]}
              />
              <h2 className={styles.subheading}>留言内容</h2>
              <p className={styles.letter}>{message.content}</p>
              <h2 className={styles.subheading}>答复内容</h2>
              {message.reply ? (
                <section className={styles.reply} aria-label="答复">
                  <p className={styles.replyHead}>
                    <strong>{message.dept}</strong>
                    <span>答复时间：{message.repliedAt}</span>
                  </p>
                  {message.reply}
                </section>
              ) : (
                <p className={styles.pending}>该留言正在办理中，答复后将在此公布。</p>
              )}
              <footer className={styles.footer}>
                <Link to={paths.interactionList}>
                  <ArrowLeftOutlined aria-hidden /> 返回留言列表
                </Link>
                <Button type="link" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
                  打印
                </Button>
              </footer>
            </article>
          )}
        </QueryState>
      )}
    </div>
  );
}

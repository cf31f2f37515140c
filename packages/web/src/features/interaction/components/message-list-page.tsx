import { Radio } from 'antd';
import { INTERACTION_STATUSES, INTERACTION_TYPES, PAGE_SIZE } from '@credit-portal/shared';
import { useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { useMessages } from '../api/get-messages';
import { STATUS_KEYS, TYPE_KEYS, pageFromQuery, statusFromQuery, typeFromQuery } from '../interaction-labels';
import { InteractionNav } from './interaction-nav';
import { MessageList } from './message-list';
import styles from './interaction.module.css';

/** hdjl/List: every public message, newest first, by type and state; filters and page live in the address. */
export default function MessageListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const type = typeFromQuery(searchParams.get('type'));
  const status = statusFromQuery(searchParams.get('status'));
  const page = pageFromQuery(searchParams.get('page'));
  const pageSize = PAGE_SIZE.default;
  const { data, error, isLoading, mutate } = useMessages({
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    pageIndex: page,
    pageSize,
  });

  const go = (next: { type?: string; status?: string; page?: number }) => {
    const query = new URLSearchParams();
    const nextType = next.type ?? type ?? '';
    const nextStatus = next.status ?? status ?? '';
    if (nextType) query.set('type', nextType);
    if (nextStatus) query.set('status', nextStatus);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    setSearchParams(query);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>留言列表</h1>
      <InteractionNav />
      <div className={styles.filters}>
        <div className={styles.filterGroup} role="group" aria-label="留言类型">
          <span className={styles.filterLabel}>类型</span>
          <Radio.Group
            optionType="button"
            value={type ?? ''}
            onChange={(event) => go({ type: String(event.target.value) })}
            options={[
              { value: '', label: '全部' },
              ...TYPE_KEYS.map((key) => ({ value: key, label: INTERACTION_TYPES[key] })),
            ]}
          />
        </div>
        <div className={styles.filterGroup} role="group" aria-label="办理状态">
          <span className={styles.filterLabel}>状态</span>
          <Radio.Group
            optionType="button"
            value={status ?? ''}
            onChange={(event) => go({ status: String(event.target.value) })}
            options={[
              { value: '', label: '全部' },
              ...STATUS_KEYS.map((key) => ({ value: key, label: INTERACTION_STATUSES[key] })),
            ]}
          />
        </div>
      </div>
      <QueryState
        data={data}
        error={error}
        isLoading={isLoading}
        isEmpty={(result) => result.list.length === 0}
        onRetry={() => void mutate()}
        skeletonRows={10}
        size="page"
      >
        {(result) => (
          <>
            <MessageList items={result.list} />
            <Pager
              current={page}
              total={result.totalCount}
              pageSize={pageSize}
              onChange={(next) => go({ page: next })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

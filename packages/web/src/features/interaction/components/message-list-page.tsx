import { Radio } from 'antd';
import { INTERACTION_STATUSES, INTERACTION_TYPES, PAGE_SIZE } from '@credit-portal/shared';
import { PagedList } from '@/components/paged-list';
import { useListParams } from '@/hooks/use-list-params';
import { useMessages } from '../api/get-messages';
import { STATUS_KEYS, TYPE_KEYS, statusFromQuery, typeFromQuery } from '../interaction-labels';
import { InteractionNav } from './interaction-nav';
import { MessageList } from './message-list';
import styles from './interaction.module.css';

/** hdjl/List: every public message, newest first, by type and state; filters and page live in the address. */
export default function MessageListPage() {
  const { page, filters, go } = useListParams({ filters: { type: typeFromQuery, status: statusFromQuery } });
  const type = typeFromQuery(filters.type);
  const status = statusFromQuery(filters.status);
  const pageSize = PAGE_SIZE.default;
  const query = useMessages({
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    pageIndex: page,
    pageSize,
  });

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
      <PagedList query={query} page={page} pageSize={pageSize} onPageChange={(next) => go({ page: next })}>
        {(items) => <MessageList items={items} />}
      </PagedList>
    </div>
  );
}

import { Button, Form, Input, Select } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  INTERACTION_STATUSES,
  INTERACTION_TYPES,
  MESSAGES,
  PAGE_SIZE,
  type InteractionSearchQuery,
} from '@credit-portal/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { useListParams } from '@/hooks/use-list-params';
import { useFeedback } from '@/lib/feedback';
import { useMessageSearch } from '../api/get-messages';
import { useStatistics } from '../api/get-statistics';
import { STATUS_KEYS, TYPE_KEYS, statusFromQuery, typeFromQuery } from '../interaction-labels';
import { InteractionNav } from './interaction-nav';
import { MessageList } from './message-list';
import styles from './interaction.module.css';

interface SearchForm {
  keyword?: string;
  code?: string;
  type?: string;
  status?: string;
  dept?: string;
  /** yyyy-mm-dd, from the browser's own date inputs. */
  from?: string;
  to?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string | null): string | undefined => (value && DATE.test(value) ? value : undefined);

const text = (value: string | null): string | undefined => value?.trim() || undefined;

/** The criteria of the search and the parsers that read them from the address (besides the keyword). */
const FILTERS = {
  code: text,
  type: typeFromQuery,
  status: statusFromQuery,
  dept: text,
  from: validDate,
  to: validDate,
};

/** The search the address describes; null when it names no criterion (nothing has been searched). */
function searchOf(
  keyword: string,
  filters: Record<keyof typeof FILTERS, string>,
  page: number,
): InteractionSearchQuery | null {
  const query: InteractionSearchQuery = {
    keyword: keyword || undefined,
    code: filters.code || undefined,
    type: typeFromQuery(filters.type),
    status: statusFromQuery(filters.status),
    dept: filters.dept || undefined,
    dateFrom: filters.from || undefined,
    dateTo: filters.to || undefined,
  };
  const criteria = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  if (Object.keys(criteria).length === 0) return null;
  return { ...criteria, pageIndex: page, pageSize: PAGE_SIZE.default };
}

/** hdjl/Search: find public messages by number, keyword, type, state, department or date; criteria live in the address. */
export default function MessageSearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [form] = Form.useForm<SearchForm>();
  const { message } = useFeedback();
  const { page, keyword, filters, go } = useListParams({ filters: FILTERS });
  const criteria = searchOf(keyword, filters, page);
  const search = useMessageSearch(criteria);
  // The departments that answer messages, for the department filter.
  const departments = useStatistics(null).data?.byDept.map((row) => row.dept) ?? [];

  // The form follows the address (back and forward, shared links).
  useEffect(() => {
    form.setFieldsValue({
      keyword: searchParams.get('keyword') ?? undefined,
      code: searchParams.get('code') ?? undefined,
      type: typeFromQuery(searchParams.get('type')),
      status: statusFromQuery(searchParams.get('status')),
      dept: searchParams.get('dept') ?? undefined,
      from: validDate(searchParams.get('from')),
      to: validDate(searchParams.get('to')),
    });
  }, [form, searchParams]);

  const submit = (values: SearchForm) => {
    const next = new URLSearchParams();
    const set = (key: string, value: string | undefined | null) => {
      if (value && value.trim()) next.set(key, value.trim());
    };
    set('keyword', values.keyword);
    set('code', values.code);
    set('type', values.type);
    set('status', values.status);
    set('dept', values.dept);
    set('from', validDate(values.from ?? null));
    set('to', validDate(values.to ?? null));
    if ([...next.keys()].length === 0) {
      void message.warning(MESSAGES.emptySearch);
      return;
    }
    setSearchParams(next);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>留言查询</h1>
      <InteractionNav />
      <Form form={form} layout="vertical" onFinish={submit} role="search" aria-label="留言查询">
        <div className={styles.searchGrid}>
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="标题、内容或答复中的文字" allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="code" label="留言编号">
            <Input placeholder="如 HD20260310001" allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="type" label="留言类型">
            <Select
              allowClear
              placeholder="全部类型"
              options={TYPE_KEYS.map((key) => ({ value: key, label: INTERACTION_TYPES[key] }))}
            />
          </Form.Item>
          <Form.Item name="status" label="办理状态">
            <Select
              allowClear
              placeholder="全部状态"
              options={STATUS_KEYS.map((key) => ({ value: key, label: INTERACTION_STATUSES[key] }))}
            />
          </Form.Item>
          <Form.Item name="dept" label="办理单位">
            <Select
              allowClear
              showSearch
              placeholder="全部单位"
              options={departments.map((dept) => ({ value: dept, label: dept }))}
            />
          </Form.Item>
          <Form.Item label="留言日期">
            <div className={styles.dateRange}>
              <Form.Item name="from" noStyle>
                <Input type="date" aria-label="留言日期起" />
              </Form.Item>
              <span aria-hidden>至</span>
              <Form.Item name="to" noStyle>
                <Input type="date" aria-label="留言日期止" />
              </Form.Item>
            </div>
          </Form.Item>
        </div>
        <div className={styles.formActions}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            查询
          </Button>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => {
              form.resetFields();
              setSearchParams(new URLSearchParams());
            }}
          >
            重置
          </Button>
        </div>
      </Form>
      {criteria ? (
        <PagedList
          query={search}
          page={page}
          pageSize={PAGE_SIZE.default}
          onPageChange={(next) => go({ page: next })}
          summary={(total) => `共找到 ${total} 条留言`}
        >
          {(items) => <MessageList items={items} />}
        </PagedList>
      ) : (
        <p className={styles.hint}>请输入留言编号或关键字，或选择条件后点击“查询”。</p>
      )}
    </div>
  );
}

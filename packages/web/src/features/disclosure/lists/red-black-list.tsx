import { Tag } from 'antd';
import type { RedBlackListItem, RedBlackQuery } from '@credit-portal/shared';
import { CREDIT_LIST_HEADS } from '@credit-portal/shared/heads/credit-lists';
import { useSearchParams } from 'react-router';
import { LiteTabs } from '@/components/lite/lite-tabs';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { detailsPath, paths } from '@/lib/paths';
import { DisclosureList, type ListSpec } from '../components/list-page';

/** 红名单 (守信激励) or 黑名单 (失信惩戒). */
export const listTag = (entry: RedBlackListItem) =>
  entry.ListType === 'red' ? <Tag color="red">红名单</Tag> : <Tag color="default">黑名单</Tag>;

type ListType = NonNullable<RedBlackQuery['listType']>;

/** The address parameter of the tab, named as the query's field: red, black, or none for both. */
export const LIST_TYPE_PARAM = 'listType';

/** The tab an address asks for: 'red', 'black', or '' (both lists). */
export const listTypeOf = (value: string | null): ListType | '' => (value === 'red' || value === 'black' ? value : '');

/** The red and black lists in force, or one of them (login: the call carries the stored JwtToken). */
function redBlackSpec(listType?: ListType): ListSpec<RedBlackListItem> {
  return {
    title: '红黑名单',
    intro: '守信联合激励对象（红名单）和失信联合惩戒对象（黑名单）中仍在有效期内的主体。本栏目需实名登录后查询。',
    searchLabel: '主体名称或统一社会信用代码',
    placeholder: '请输入主体名称或统一社会信用代码',
    // One cache entry per list: the request alone does not say which.
    swrKey: `${CREDIT_LIST_HEADS.redBlackList.path}#${listType ?? 'all'}`,
    // The service filters by list (RedBlackQuery.listType): each tab's count and pages are its own.
    fetch: ({ keyword, pageIndex, pageSize }) =>
      call(CREDIT_LIST_HEADS.redBlackList, {
        body: { ...(listType ? { listType } : {}), keyword, pageIndex, pageSize },
      }),
    rowKey: (row) => row.id,
    cardTitle: (row) => row.EntName,
    columns: [
      { title: '主体名称', render: (row) => row.EntName },
      {
        title: '名单',
        render: (row) => (
          <>
            {listTag(row)} {row.ListName}
          </>
        ),
      },
      { title: '认定部门', render: (row) => row.Authority },
      { title: '列入日期', width: 120, render: (row) => formatDate(row.IncludedOn) },
    ],
    detailPath: (row) => detailsPath(paths.redBlackDetails, row.id),
    requiresLogin: true,
  };
}

/** Both lists together. */
export const RED_BLACK_LIST = redBlackSpec();

/** The tabs: both lists, the red list, the black list; each keeps its tab while it is searched and paged. */
const TABS = [
  { key: 'all', label: '全部', list: <DisclosureList spec={RED_BLACK_LIST} keep={[LIST_TYPE_PARAM]} /> },
  { key: 'red', label: '红名单', list: <DisclosureList spec={redBlackSpec('red')} keep={[LIST_TYPE_PARAM]} /> },
  { key: 'black', label: '黑名单', list: <DisclosureList spec={redBlackSpec('black')} keep={[LIST_TYPE_PARAM]} /> },
] as const;

/**
 * The red and black lists in three tabs (全部, 红名单, 黑名单), the tab in the address
 * (?listType=red|black) beside the list's page and keyword: a new tab starts at its first page
 * and keeps the keyword searched.
 */
export function RedBlackTabs() {
  const [params, setParams] = useSearchParams();
  const tab = listTypeOf(params.get(LIST_TYPE_PARAM)) || 'all';
  const choose = (key: string) => {
    const next = new URLSearchParams();
    const keyword = params.get('keyword');
    if (keyword) next.set('keyword', keyword);
    if (key !== 'all') next.set(LIST_TYPE_PARAM, key);
    setParams(next);
  };
  return (
    <LiteTabs activeKey={tab} onChange={choose} items={TABS}>
      {TABS.find(({ key }) => key === tab)!.list}
    </LiteTabs>
  );
}

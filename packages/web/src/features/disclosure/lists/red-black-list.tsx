import { Tag } from 'antd';
import { CONTRACTS, type RedBlackListItem } from '@credit-portal/shared';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { detailsPath, paths } from '@/lib/paths';
import type { ListSpec } from '../components/list-page';

/** 红名单 (守信激励) or 黑名单 (失信惩戒). */
export const listTag = (entry: RedBlackListItem) =>
  entry.ListType === 'red' ? <Tag color="red">红名单</Tag> : <Tag color="default">黑名单</Tag>;

/** The red and black lists in force (login: the call carries the stored JwtToken). */
export const RED_BLACK_LIST: ListSpec<RedBlackListItem> = {
  title: '红黑名单',
  intro: '守信联合激励对象（红名单）和失信联合惩戒对象（黑名单）中仍在有效期内的主体。本栏目需实名登录后查询。',
  searchLabel: '主体名称或统一社会信用代码',
  placeholder: '请输入主体名称或统一社会信用代码',
  swrKey: CONTRACTS.redBlackList.path,
  fetch: ({ keyword, pageIndex, pageSize }) => call(CONTRACTS.redBlackList, { body: { keyword, pageIndex, pageSize } }),
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

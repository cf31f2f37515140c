import {
  LICENCE_CATEGORIES,
  PENALTY_KINDS,
  PENALTY_SEARCH_STATES,
  PUBLISHED_SEVERITIES,
  type PermitSearchRow,
  type PunishSearchRow,
} from '@credit-portal/shared';
import { CREDIT_LIST_HEADS } from '@credit-portal/shared/heads/credit-lists';
import { useSearchParams } from 'react-router';
import { LiteTabs } from '@/components/lite/lite-tabs';
import { LiteTag } from '@/components/lite/lite-tag';
import { call, callFile } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { licenceDetailsPath, penaltyDetailsPath } from '@/lib/paths';
import { DisclosureList, type ListSpec } from './list-page';
import type { FilterField } from './publicity-filters';

const {
  permitSearch: PERMIT_SEARCH,
  punishSearch: PUNISH_SEARCH,
  permitExport: PERMIT_EXPORT,
  punishExport: PUNISH_EXPORT,
} = CREDIT_LIST_HEADS;

const choices = (values: readonly string[]) => values.map((value) => [value, value] as const);

/** The filters both lists share (address names = the calls' parameters). */
const SHARED_FILTERS = (authority: string): FilterField[] => [
  { name: 'authority', label: authority, type: 'text', maxLength: 100 },
  { name: 'dateFrom', label: '决定日期（起）', type: 'date' },
  { name: 'dateTo', label: '决定日期（止）', type: 'date' },
];
const SORT: FilterField = {
  name: 'sort',
  label: '排序',
  type: 'select',
  required: true,
  options: [
    ['', '决定日期从新到旧'],
    ['asc', '决定日期从旧到新'],
  ],
};

const LICENCES: ListSpec<PermitSearchRow> = {
  title: '行政许可',
  intro: '',
  searchLabel: '行政相对人名称或许可文书号',
  placeholder: '请输入相对人名称、信用代码或许可文书号',
  swrKey: PERMIT_SEARCH.path,
  fetch: ({ keyword, pageIndex, pageSize, filters }) =>
    call(PERMIT_SEARCH, { query: { ...filters, entNameOrLicenseDocNo: keyword, pageIndex, pageSize } }),
  filters: [
    ...SHARED_FILTERS('许可机关'),
    { name: 'category', label: '许可类别', type: 'select', options: choices(LICENCE_CATEGORIES) },
    SORT,
  ],
  exportFile: {
    fetch: ({ keyword, filters }) => callFile(PERMIT_EXPORT, { query: { ...filters, entNameOrLicenseDocNo: keyword } }),
    name: '行政许可.csv',
  },
  rowKey: (row) => row.id,
  cardTitle: (row) => row.xK_XDR_MC,
  columns: [
    { title: '行政相对人名称', render: (row) => row.xK_XDR_MC },
    { title: '许可文书号', nowrap: true, render: (row) => row.xK_WSH || '—' },
    { title: '许可机关', render: (row) => row.xK_XKJG },
    { title: '许可决定日期', width: 130, render: (row) => formatDate(row.xK_JDRQ) },
  ],
  detailPath: (row) => licenceDetailsPath(row.id, row.xK_XDR_MC),
};

/** A penalty's state when it is not the ordinary one. */
const stateTag = (state: string) =>
  state && state !== '正常' ? <LiteTag color={state === '异议处理中' ? 'orange' : 'blue'}>{state}</LiteTag> : null;

const PENALTIES: ListSpec<PunishSearchRow> = {
  title: '行政处罚',
  intro: '',
  searchLabel: '行政相对人名称或处罚文书号',
  placeholder: '请输入相对人名称、信用代码或处罚文书号',
  swrKey: PUNISH_SEARCH.path,
  fetch: ({ keyword, pageIndex, pageSize, filters }) =>
    call(PUNISH_SEARCH, { query: { ...filters, entNameOrPunishDocNo: keyword, pageIndex, pageSize } }),
  filters: [
    ...SHARED_FILTERS('处罚机关'),
    { name: 'kind', label: '处罚类别', type: 'select', options: choices(PENALTY_KINDS) },
    { name: 'severity', label: '违法行为程度', type: 'select', options: choices(PUBLISHED_SEVERITIES) },
    { name: 'state', label: '记录状态', type: 'select', options: choices(PENALTY_SEARCH_STATES) },
    SORT,
  ],
  filterNote: '轻微违法行为不予公示；已完成信用修复的记录依规不再公示，因此不提供“已修复”筛选。',
  exportFile: {
    fetch: ({ keyword, filters }) => callFile(PUNISH_EXPORT, { query: { ...filters, entNameOrPunishDocNo: keyword } }),
    name: '行政处罚.csv',
  },
  rowKey: (row) => row.id,
  cardTitle: (row) => row.cF_XDR_MC,
  columns: [
    {
      title: '行政相对人名称',
      render: (row) => (
        <>
          {row.cF_XDR_MC} {stateTag(row.cF_ZT)}
        </>
      ),
    },
    { title: '处罚文书号', nowrap: true, render: (row) => row.cF_WSH || '—' },
    { title: '处罚机关', render: (row) => row.cF_CFJG },
    { title: '处罚决定日期', width: 130, render: (row) => formatDate(row.cF_JDRQ) },
  ],
  detailPath: (row) => penaltyDetailsPath(row.id, row.cF_XDR_MC),
};

/** The tabs of double disclosure: currentTab 1 licences, 2 penalties (spec §9: the tab alters the pathLog). */
const TABS = [
  { key: '1', label: LICENCES.title, list: <DisclosureList spec={LICENCES} keep={['currentTab']} /> },
  { key: '2', label: PENALTIES.title, list: <DisclosureList spec={PENALTIES} keep={['currentTab']} /> },
] as const;
const tabOf = (value: string | null): string => (value === '2' ? '2' : '1');

/**
 * 双公示's two tabs and their lists, loaded by the page after its heading and introduction, which
 * are drawn first (the page's largest paint). antd's look without its script
 * (components/lite/): a phone runs none of antd for them (the desktop's table loads its own).
 */
export default function DoubleDisclosureTabs() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('currentTab'));
  return (
    <LiteTabs activeKey={tab} onChange={(key) => setParams({ currentTab: key })} items={TABS}>
      {TABS.find(({ key }) => key === tab)!.list}
    </LiteTabs>
  );
}

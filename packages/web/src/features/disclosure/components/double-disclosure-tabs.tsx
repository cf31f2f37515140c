import type { PermitSearchRow, PunishSearchRow } from '@credit-portal/shared';
import { CREDIT_LIST_HEADS } from '@credit-portal/shared/heads/credit-lists';
import { useSearchParams } from 'react-router';
import { LiteTabs } from '@/components/lite/lite-tabs';
import { LiteTag } from '@/components/lite/lite-tag';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { licenceDetailsPath, penaltyDetailsPath } from '@/lib/paths';
import { DisclosureList, type ListSpec } from './list-page';

const { permitSearch: PERMIT_SEARCH, punishSearch: PUNISH_SEARCH } = CREDIT_LIST_HEADS;

const LICENCES: ListSpec<PermitSearchRow> = {
  title: '行政许可',
  intro: '',
  searchLabel: '行政相对人名称或许可文书号',
  placeholder: '请输入相对人名称、信用代码或许可文书号',
  swrKey: PERMIT_SEARCH.path,
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(PERMIT_SEARCH, { query: { entNameOrLicenseDocNo: keyword, pageIndex, pageSize } }),
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
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(PUNISH_SEARCH, { query: { entNameOrPunishDocNo: keyword, pageIndex, pageSize } }),
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

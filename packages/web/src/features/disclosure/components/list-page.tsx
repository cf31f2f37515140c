import { LIST_KEYWORD_MAX, PAGE_SIZE } from '@credit-portal/shared';
import { useEffect, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import { LiteButton } from '@/components/lite/lite-button';
import { PagedList, type ListPage } from '@/components/paged-list';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { RequireLogin } from '@/components/require-login';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage, type DownloadedFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import styles from './disclosure.module.css';
import { PublicityFilters, filterParsers, type FilterField, type FilterName } from './publicity-filters';
import filterStyles from './publicity-filters.module.css';

/** The search and page a list asks its upstream for. */
export interface ListRequest {
  keyword: string;
  pageIndex: number;
  pageSize: number;
  /** The filters set (by name; those not set are absent). */
  filters: Record<string, string>;
}

/** Everything that makes one disclosure list; the page itself is the same for all of them. */
export interface ListSpec<Row> {
  title: string;
  /** A sentence under the title: what the list is and who keeps it. */
  intro: string;
  /** What the search box searches, read by screen readers and shown as its label. */
  searchLabel: string;
  placeholder: string;
  /** The SWR key's first element (the upstream path). */
  swrKey: string;
  fetch: (request: ListRequest) => Promise<ListPage<Row>>;
  rowKey: (row: Row) => string;
  columns: readonly RecordColumn<Row>[];
  /** The card title of a row on a phone (usually the name). */
  cardTitle: (row: Row) => string;
  /** A row's detail page, when it has one. */
  detailPath?: (row: Row) => string;
  /** Everything else a row says, behind 展开 / 全部信息 (lists without a detail page). */
  more?: (row: Row) => ReactNode;
  /** The upstream call needs the user's login (spec §7: sent with the stored JwtToken). */
  requiresLogin?: boolean;
  /** Filters beside the keyword, kept in the address. */
  filters?: readonly FilterField[];
  /** A note under the filters. */
  filterNote?: string;
  /** The list's matches as a file (导出CSV), with the name used when the answer names none. */
  exportFile?: {
    fetch: (request: Omit<ListRequest, 'pageIndex' | 'pageSize'>) => Promise<DownloadedFile>;
    name: string;
  };
}

const NO_FILTERS: readonly FilterField[] = [];

/** How many were found, in words: `found` says what was searched for ("“华”" or "按筛选条件"). */
function foundSummary(found: string, total: number, capped: boolean): string {
  if (!capped) return `${found}共找到 ${total} 条`;
  const shown = total.toLocaleString('zh-CN');
  return `${found}找到超过 ${shown} 条，只能显示前 ${shown} 条。请输入更完整的名称、文书号，或增加筛选条件，缩小查找范围。`;
}

/** 导出CSV: the matches as a file, with its progress and a failure said in words. */
function ExportButton({ onExport }: { onExport: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const run = async () => {
    setBusy(true);
    setFailure('');
    try {
      await onExport();
    } catch (error) {
      setFailure(`导出失败：${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={filterStyles.toolbar}>
      {failure ? (
        <p className={filterStyles.exportError} role="alert">
          {failure}
        </p>
      ) : null}
      <LiteButton onClick={() => void run()} loading={busy} aria-label="导出CSV（最多 10000 条）">
        {busy ? '正在导出…' : '导出CSV'}
      </LiteButton>
    </div>
  );
}

/**
 * One disclosure list: search, the paged rows (table, or cards on a phone). `keep` names address
 * parameters of the page around it (a tab) that paging and searching keep.
 */
export function DisclosureList<Row>({ spec, keep }: { spec: ListSpec<Row>; keep?: readonly string[] }) {
  const fields = spec.filters ?? NO_FILTERS;
  const { page, keyword, filters, go } = useListParams<FilterName>({ keep, filters: filterParsers(fields) });
  const pageSize = PAGE_SIZE.publicity;
  const set = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  // An address may carry more than the calls accept: the list searches for what fits.
  const request: ListRequest = { keyword: keyword.slice(0, LIST_KEYWORD_MAX), pageIndex: page, pageSize, filters: set };
  const filtered = keyword !== '' || Object.keys(set).some((name) => name !== 'sort');
  const query = useSWR([spec.swrKey, request] as const, ([, key]) => spec.fetch(key), { keepPreviousData: true });
  // A page past the last one (an old bookmark, a typed address) moves to the last page.
  const lastPage = query.data ? Math.ceil(query.data.totalCount / pageSize) : 0;
  const pastTheEnd = !query.isLoading && query.data !== undefined && lastPage > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) go({ page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, go]);
  return (
    <>
      <KeywordSearchBar
        value={keyword}
        maxLength={LIST_KEYWORD_MAX}
        label={spec.searchLabel}
        placeholder={spec.placeholder}
        onSearch={(text) => go({ keyword: text })}
        onReset={() => go({ keyword: '' })}
      />
      {fields.length > 0 ? (
        <PublicityFilters fields={fields} values={filters} onApply={(next) => go(next)} note={spec.filterNote} />
      ) : null}
      {spec.exportFile ? (
        <ExportButton
          onExport={async () =>
            saveFile(await spec.exportFile!.fetch({ keyword: request.keyword, filters: set }), spec.exportFile!.name)
          }
        />
      ) : null}
      <PagedList
        query={query}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => go({ page: next })}
        summary={(total) =>
          keyword || filtered
            ? foundSummary(keyword ? `“${keyword}”` : '按筛选条件', total, query.data?.totalCapped === true)
            : `共 ${total} 条`
        }
      >
        {(rows) => (
          <RecordTable
            rows={rows}
            columns={spec.columns}
            rowKey={spec.rowKey}
            cardTitle={spec.cardTitle}
            detailPath={spec.detailPath}
            more={spec.more}
            firstNumber={(page - 1) * pageSize + 1}
          />
        )}
      </PagedList>
    </>
  );
}

/** The page of one disclosure list: title, intro, search, and the paged rows (table, or cards on a phone). */
export function createListPage<Row>(spec: ListSpec<Row>) {
  function DisclosureListPage() {
    return (
      <div className={styles.page}>
        <h1 className={styles.heading}>{spec.title}</h1>
        <p className={styles.intro}>{spec.intro}</p>
        {spec.requiresLogin ? (
          <RequireLogin prompt={`查询${spec.title}`}>{() => <DisclosureList spec={spec} />}</RequireLogin>
        ) : (
          <DisclosureList spec={spec} />
        )}
      </div>
    );
  }
  DisclosureListPage.displayName = `DisclosureListPage(${spec.title})`;
  return DisclosureListPage;
}

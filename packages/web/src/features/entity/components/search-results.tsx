import { Alert, Button, Empty, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  ACCOUNT_MESSAGES,
  ENTITY_SEARCH_LIMIT,
  PAGE_SIZE,
  filterEntities,
  isValidCreditCode,
  looksLikeCreditCode,
  normalizeKeyword,
  type EntityMatchKind,
  type EntitySearchResult,
} from '@credit-portal/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AntdScope } from '@/components/antd-scope';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { errorMessage } from '@/lib/api-client';
import { paths, withQuery } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { useEntitySearch } from '../api/search-entities';
import { useSearchState } from '../search-state';
import { FilterChips } from './filter-chips';
import { StatusTag } from './status-tag';
import { NO_KEYWORD, SEARCH_HELP } from './search-texts';
import styles from './search-list-page.module.css';

/** Every occurrence of each of `marks` in `text`, as [start, end) ranges, left to right, not overlapping. */
function markedRanges(text: string, marks: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const mark of marks) {
    if (!mark) continue;
    for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + mark.length)) {
      ranges.push([at, at + mark.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const kept: [number, number][] = [];
  for (const range of ranges) if (kept.length === 0 || range[0] >= kept.at(-1)![1]) kept.push(range);
  return kept;
}

/** A text with the parts that matched marked, so a reader sees why a row was found. */
function Highlighted({ text, marks }: { text: string; marks: readonly string[] }) {
  const ranges = markedRanges(text, marks);
  if (ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let from = 0;
  for (const [start, end] of ranges) {
    parts.push(
      text.slice(from, start),
      <mark key={start} className={styles.mark}>
        {text.slice(start, end)}
      </mark>,
    );
    from = end;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/** How a row matched, when not by its name or code: a small label beside the name. */
const MATCH_LABELS: Partial<Record<EntityMatchKind, string>> = {
  legalRep: '法定代表人匹配',
  pinyin: '拼音匹配',
  fuzzy: '相近名称',
};

function EntityRow({ entity, keyword }: { entity: EntitySearchResult; keyword: string }) {
  // The service says what of the name matched; an older service says nothing: the keyword itself.
  const nameMarks = entity.Highlights ?? [keyword];
  const label = entity.Match ? MATCH_LABELS[entity.Match] : undefined;
  return (
    <li className={styles.row}>
      <Link to={withQuery(paths.searchDetails, { id: entity.ID })} className={styles.rowLink}>
        <span className={styles.rowHead}>
          <span className={styles.name}>
            <Highlighted text={entity.EntName} marks={nameMarks} />
          </span>
          {label ? <span className={styles.matchLabel}>{label}</span> : null}
          <StatusTag status={entity.Status} />
        </span>
        <span className={styles.meta}>
          <span>
            <span className={styles.metaLabel}>统一社会信用代码：</span>
            <Highlighted text={entity.CreditCode} marks={[keyword]} />
          </span>
          <span>
            <span className={styles.metaLabel}>主体类型：</span>
            {entity.EntType}
          </span>
          <span>
            <span className={styles.metaLabel}>成立日期：</span>
            {entity.SetUpDate}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * What to suggest when nothing matched the keyword as typed and only near matches came back
 *: the part of the best near match's name that the keyword was close to.
 */
export function didYouMean(list: readonly EntitySearchResult[], keyword: string): string | null {
  if (list.length === 0 || !list.every((e) => e.Match === 'fuzzy')) return null;
  const suggestion = list[0]!.Highlights?.[0];
  return suggestion && suggestion !== keyword ? suggestion : null;
}

/** 您是不是要找：… — a link that searches the suggestion — when only near matches came back. */
function DidYouMean({ list, keyword }: { list: readonly EntitySearchResult[]; keyword: string }) {
  const suggestion = didYouMean(list, keyword);
  if (!suggestion) return null;
  return (
    <p className={styles.suggestion}>
      您是不是要找：<Link to={withQuery(paths.searchList, { searchKey: suggestion })}>{suggestion}</Link>
      <span className={styles.suggestionNote}>（未找到与“{keyword}”完全一致的名称，以下为相近名称）</span>
    </p>
  );
}

/**
 * The second search box of the list page; by the spec its search does nothing, so the page says
 * where to search instead (`hintId`: its hint, which the page draws under it).
 */
function InPageSearch({ keyword, inputId, hintId }: { keyword: string; inputId: string; hintId: string }) {
  const [draft, setDraft] = useState(keyword);
  return (
    <form
      role="search"
      aria-label="页内查询"
      className={styles.inPageSearch}
      // Spec §2.1: "A second in-page search box has a search action that does nothing."
      onSubmit={(event) => event.preventDefault()}
    >
      <label htmlFor={inputId} className="visually-hidden">
        企业名称关键字或统一社会信用代码
      </label>
      <Input
        id={inputId}
        value={draft}
        maxLength={100}
        placeholder="请输入企业名称关键字或统一社会信用代码"
        aria-describedby={hintId}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} aria-describedby={hintId}>
        查询
      </Button>
    </form>
  );
}

/** The in-page search box of the address's keyword (searchKey), inside antd's configuration. */
export function InPageSearchForm({ inputId, hintId }: { inputId: string; hintId: string }) {
  const [params] = useSearchParams();
  const keyword = normalizeKeyword(params.get('searchKey'));
  return (
    <AntdScope>
      <InPageSearch key={keyword} keyword={keyword} inputId={inputId} hintId={hintId} />
    </AntdScope>
  );
}

/**
 * The results of the entity search list (search-list-page.tsx) for the address's keyword
 * (searchKey), inside antd's configuration: status tag, credit code, type and set-up date; filter
 * chips (spec §4); ten rows per page, paged here on the client; a row opens the details. A
 * code-shaped keyword with a wrong check character is searched all the same, with a gentle hint.
 */
export function SearchResults() {
  return (
    <AntdScope>
      <Results />
    </AntdScope>
  );
}

function Results() {
  const [params] = useSearchParams();
  const [state, setState] = useSearchState(normalizeKeyword(params.get('searchKey')));
  const { keyword } = state;
  const { message } = useFeedback();
  // Spec §8: an ErrorCode other than 200 shows its Msg as an error.
  const query = useEntitySearch(keyword, (failure) => {
    void message.error({ content: errorMessage(failure), key: 'entity-search' });
  });
  const { data } = query;
  const filtered = useMemo(
    () => (data ? filterEntities(data, { statuses: state.statuses, types: state.types }) : []),
    [data, state.statuses, state.types],
  );
  const pageSize = PAGE_SIZE.entitySearch;
  const lastPage = Math.max(1, Math.ceil(filtered.length / pageSize));
  const page = Math.min(state.page, lastPage);
  const rows = filtered.slice((page - 1) * pageSize, page * pageSize);
  const checkDigitHint = looksLikeCreditCode(keyword) && !isValidCreditCode(keyword);

  return (
    <>
      {!keyword ? (
        <div className={styles.state}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_KEYWORD}>
            <Link to={paths.searchMore}>{SEARCH_HELP}</Link>
          </Empty>
        </div>
      ) : (
        <>
          {checkDigitHint ? (
            <Alert className={styles.hint} type="info" showIcon title={ACCOUNT_MESSAGES.checkDigitHint} />
          ) : null}
          <QueryState query={query} skeletonRows={10} size="page">
            {(list) => (
              <>
                <p className={styles.summary} aria-live="polite">
                  “{keyword}”共找到 <strong>{list.length}</strong> 个信用主体
                  {filtered.length !== list.length ? (
                    <>
                      ，筛选后 <strong>{filtered.length}</strong> 个
                    </>
                  ) : null}
                  {list.length >= ENTITY_SEARCH_LIMIT
                    ? `（最多显示${ENTITY_SEARCH_LIMIT}个，请输入更完整的名称或代码）`
                    : null}
                </p>
                <DidYouMean list={list} keyword={keyword} />
                {list.length > 0 ? (
                  <FilterChips
                    list={list}
                    chips={{ statuses: state.statuses, types: state.types }}
                    onChange={(chips) => setState({ ...state, ...chips, page: 1 })}
                  />
                ) : null}
                {rows.length === 0 ? (
                  <div className={styles.state}>
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description={
                        list.length === 0 ? '未找到相关信用主体，请更换关键字后重试' : '没有符合筛选条件的信用主体'
                      }
                    />
                  </div>
                ) : (
                  <ul className={styles.rows} aria-label="查询结果">
                    {rows.map((entity) => (
                      <EntityRow key={entity.ID} entity={entity} keyword={keyword} />
                    ))}
                  </ul>
                )}
                <Pager
                  current={page}
                  total={filtered.length}
                  pageSize={pageSize}
                  onChange={(next) => {
                    setState({ ...state, page: next });
                    window.scrollTo(0, 0);
                  }}
                />
              </>
            )}
          </QueryState>
        </>
      )}
    </>
  );
}

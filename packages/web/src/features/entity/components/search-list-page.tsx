import { lazy, Suspense, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SimpleEmpty } from '@/components/simple-empty';
import { LiteSkeleton } from '@/components/lite/lite-skeleton';
import { browserOnly } from '@/lib/first-render';
import { paths } from '@/lib/paths';
import { IN_PAGE_SEARCH_HINT, NO_KEYWORD, SEARCH_HELP } from './search-texts';
import styles from './search-list-page.module.css';

// The box, which shows the address's keyword, and the results, which follow it (antd, a chunk of
// their own): the browser's, after the heading and the hint (the frame holds their places).
const InPageSearchForm = browserOnly(
  lazy(() => import('./search-results').then((module) => ({ default: module.InPageSearchForm }))),
);
const SearchResults = browserOnly(
  lazy(() => import('./search-results').then((module) => ({ default: module.SearchResults }))),
);

/** Where the results come while their module loads: the empty state's look without a keyword, a skeleton with one. */
function ResultsPlace() {
  const [params] = useSearchParams();
  if (!params.get('searchKey')) {
    return (
      <div className={styles.state} aria-busy="true">
        <SimpleEmpty description={NO_KEYWORD} picture={false}>
          <Link to={paths.searchMore}>{SEARCH_HELP}</Link>
        </SimpleEmpty>
      </div>
    );
  }
  return (
    <div className={styles.resultsLoading} aria-busy="true">
      <span className="visually-hidden">正在加载…</span>
      <LiteSkeleton rows={10} />
    </div>
  );
}

/**
 * The entity search list (spec §2.1 xyfw/search, query searchKey): the heading, the inert in-page
 * search box and the results (search-results.tsx). The heading and the hint under the box come
 * without antd (a plain page) and with the pre-rendered frame (a phone's largest paint);
 * the box and the results, which follow the address's keyword, come with their module.
 */
export default function SearchListPage() {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信用主体查询</h1>
      <Suspense fallback={<div className={styles.inPageSearchPlace} />}>
        <InPageSearchForm inputId={inputId} hintId={hintId} />
      </Suspense>
      <p id={hintId} className={styles.inPageHint}>
        {IN_PAGE_SEARCH_HINT}
      </p>
      <Suspense fallback={<ResultsPlace />}>
        <SearchResults />
      </Suspense>
    </div>
  );
}

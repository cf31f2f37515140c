import { normalizeKeyword } from '@credit-portal/shared';
import { paths, withQuery } from '@/lib/paths';

/**
 * The pages the old site may send people to through /newszxy (spec §4), by pageType. Anything
 * else goes to the home page: the entry never becomes an open redirect.
 */
const PAGE_TYPES: ReadonlyMap<string, string> = new Map(
  [
    paths.home,
    paths.searchList,
    paths.searchDetails,
    paths.searchMore,
    paths.personal,
    paths.personalCenter,
    paths.myCenter,
    paths.bindMobile,
    paths.bindWechat,
    paths.promiseInfo,
    paths.scanLogin,
    paths.passwordLogin,
    paths.register,
    paths.news,
    paths.policy,
    paths.disclosure,
    paths.services,
  ].map((path) => [path.slice(1).toLowerCase(), path]),
);

const ENTITY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Where the entry leads for its query: the allow-listed page of pageType, with searchKey or id passed on. */
export function oldSiteEntryTarget(query: URLSearchParams): string {
  const pageType = (query.get('pageType') ?? '').trim().replace(/^\/+/, '').toLowerCase();
  const path = PAGE_TYPES.get(pageType) ?? paths.home;
  if (path === paths.searchList) {
    return withQuery(path, { searchKey: normalizeKeyword(query.get('searchKey')) });
  }
  if (path === paths.searchDetails) {
    const id = (query.get('id') ?? '').trim();
    return ENTITY_ID.test(id) ? withQuery(path, { id }) : paths.searchList;
  }
  return path;
}

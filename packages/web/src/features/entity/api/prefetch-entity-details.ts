import { preload } from 'swr';
import { currentLogin } from '@/lib/login-session';
import { entityBaseInfoKey, getEntityBaseInfo } from './get-entity-base-info';
import { entityDetailInfoKey, getEntityDetailInfo } from './get-entity-detail-info';

/** The entity the address names (`?id=` of the hash route), as the details page reads it. */
function addressedEntity(): string {
  const { hash } = window.location;
  const query = hash.indexOf('?');
  return query === -1 ? '' : (new URLSearchParams(hash.slice(query + 1)).get('id') ?? '').trim();
}

/**
 * Starts an entity's two requests (its registration and its records) when the app opens at its
 * details with a valid login, beside the page's module, instead of after the page's first render:
 * the company's name is a phone's largest paint. The page's useSWR takes the answers
 * (SWR `preload`). Nothing for a visitor or an expired login: the page sends them to the login,
 * and no request goes without a user.
 */
export function prefetchEntityDetails(): void {
  const id = addressedEntity();
  if (!id || !currentLogin()) return;
  // A failure is the page's to show (its useSWR takes the rejected answer); here it must not also
  // surface as an unhandled rejection.
  preload(entityBaseInfoKey(id), () => getEntityBaseInfo(id)).catch(() => undefined);
  preload(entityDetailInfoKey(id), () => getEntityDetailInfo(id)).catch(() => undefined);
}

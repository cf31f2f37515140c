import type { AppRoute } from '../route-kit';

/**
 * The H5 personal credit app (/h5/*, spec §2.3): rows with layout 'h5' and section 'personal'.
 * The app's pages are not built yet; `test/routes.test.ts` lists the h5 paths as unrouted until they are.
 */
export const h5Rows: readonly AppRoute[] = [];

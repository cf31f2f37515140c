import type { AppRoute } from './route-kit';

/** Route-table rows of the main portal sections beyond news and policy: static pages, disclosure, interaction, joint reward and punishment, annual reports, flipbook, lending. */
export const portalRoutes: readonly AppRoute[] = [];

import type { AppRoute } from './route-kit';

/** Route-table rows of entity search and details, login, registration, binding and the personal centre. */
export const accountRoutes: readonly AppRoute[] = [];

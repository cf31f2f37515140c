import { GATEWAY_PATHS, type UpstreamHead } from '../api.js';
import { ACCOUNT_HEADS } from './account.js';
import { ANNUAL_REPORTS_HEADS } from './annual-reports.js';
import { ARTICLE_SEARCH_HEADS } from './article-search.js';
import { CONTENT_HEADS } from './content.js';
import { CREDIT_LIST_HEADS } from './credit-lists.js';
import { DISCLOSURE_HEADS } from './disclosure.js';
import { DISTRICT_HEADS } from './district.js';
import { ENTITY_HEADS } from './entity.js';
import { FOLLOW_HEADS } from './follow.js';
import { GUIDES_HEADS } from './guides.js';
import { H5_HEADS } from './h5.js';
import { HETAO_HEADS } from './hetao.js';
import { INTERACTION_HEADS } from './interaction.js';
import { LENDING_HEADS } from './lending.js';
import { MY_DATA_HEADS } from './my-data.js';
import { OPEN_DATA_HEADS } from './open-data.js';
import { PUBLICITY_HEADS } from './publicity.js';
import { SERVICES_HEADS } from './services.js';
import { SESSION_HEADS } from './session.js';

/**
 * Every upstream route's head, by name: path, method, token rule, upstream, dialect, rate-limit
 * class, cache and deadline, and no schema (their schemas: contracts/, the same names). One file
 * per resource, each its own subpath (`@credit-portal/shared/heads/<resource>`), which is what a
 * page imports.
 */
export const HEADS = {
  ...DISTRICT_HEADS,
  ...CONTENT_HEADS,
  ...ARTICLE_SEARCH_HEADS,
  ...INTERACTION_HEADS,
  ...LENDING_HEADS,
  ...GUIDES_HEADS,
  ...ANNUAL_REPORTS_HEADS,
  ...ENTITY_HEADS,
  ...PUBLICITY_HEADS,
  ...DISCLOSURE_HEADS,
  ...ACCOUNT_HEADS,
  ...SESSION_HEADS,
  ...MY_DATA_HEADS,
  ...CREDIT_LIST_HEADS,
  ...HETAO_HEADS,
  ...H5_HEADS,
  ...SERVICES_HEADS,
  ...OPEN_DATA_HEADS,
  ...FOLLOW_HEADS,
};
export type HeadName = keyof typeof HEADS;

/** Every upstream route's head, as a list. */
export const UPSTREAM_HEADS: readonly UpstreamHead[] = Object.values(HEADS);

/** The path of every head, by its name (and the visit-log intake's), for callers that need only a path. */
export const API_PATHS = {
  ...(Object.fromEntries(Object.entries(HEADS).map(([name, head]) => [name, head.path])) as {
    readonly [N in HeadName]: (typeof HEADS)[N]['path'];
  }),
  visitLog: GATEWAY_PATHS.visitLog,
};

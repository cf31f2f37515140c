import type { RouteHead, UpstreamRoute } from '../api.js';
import { ACCOUNT_CONTRACTS } from './account.js';
import { ANNUAL_REPORTS_CONTRACTS } from './annual-reports.js';
import { ARTICLE_SEARCH_CONTRACTS } from './article-search.js';
import { CREDIT_LIST_CONTRACTS } from './credit-lists.js';
import { CONTENT_CONTRACTS } from './content.js';
import { DISCLOSURE_CONTRACTS } from './disclosure.js';
import { DISTRICT_CONTRACTS } from './district.js';
import { ENTITY_CONTRACTS } from './entity.js';
import { FOLLOW_CONTRACTS } from './follow.js';
import { GUIDES_CONTRACTS } from './guides.js';
import { H5_CONTRACTS } from './h5.js';
import { HETAO_CONTRACTS } from './hetao.js';
import { INTERACTION_CONTRACTS } from './interaction.js';
import { LENDING_CONTRACTS } from './lending.js';
import { MY_DATA_CONTRACTS } from './my-data.js';
import { OPEN_DATA_CONTRACTS } from './open-data.js';
import { PUBLICITY_CONTRACTS } from './publicity.js';
import type { RUNTIME_CONFIG_CONTRACTS } from './runtime-config.js';
import { SERVICES_CONTRACTS } from './services.js';
import { SESSION_CONTRACTS } from './session.js';

/**
 * Every upstream call, by name: its head (heads/, the same names) joined with its query, body and
 * answer schemas. One file per resource, named as the credit-service's route folder that serves it,
 * and each its own subpath (`@credit-portal/shared/contracts/<resource>`); adding an upstream call
 * is adding a head there and its schemas here (README: "Adding an upstream route").
 */
export const CONTRACTS = {
  ...DISTRICT_CONTRACTS,
  ...CONTENT_CONTRACTS,
  ...ARTICLE_SEARCH_CONTRACTS,
  ...INTERACTION_CONTRACTS,
  ...LENDING_CONTRACTS,
  ...GUIDES_CONTRACTS,
  ...ANNUAL_REPORTS_CONTRACTS,
  ...ENTITY_CONTRACTS,
  ...PUBLICITY_CONTRACTS,
  ...DISCLOSURE_CONTRACTS,
  ...ACCOUNT_CONTRACTS,
  ...SESSION_CONTRACTS,
  ...MY_DATA_CONTRACTS,
  ...CREDIT_LIST_CONTRACTS,
  ...HETAO_CONTRACTS,
  ...H5_CONTRACTS,
  ...SERVICES_CONTRACTS,
  ...OPEN_DATA_CONTRACTS,
  ...FOLLOW_CONTRACTS,
};
export type ContractName = keyof typeof CONTRACTS;

/**
 * Every upstream route the gateway proxies. Anything else answers 404 without reaching an
 * upstream. The gateway's route table is these rows; the credit-service serves them.
 */
export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = Object.values(CONTRACTS);

type AnyRow = (typeof CONTRACTS)[ContractName] | (typeof RUNTIME_CONFIG_CONTRACTS)['runtimeConfig'];

/**
 * The contract row of a head (the row is the head joined with its schemas, so it is the one row
 * assignable to it): what the SPA's `call(head, …)` takes its query, body and answer types from,
 * by `import type` only.
 */
export type ContractOf<H extends RouteHead> = Extract<AnyRow, H>;

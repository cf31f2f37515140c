/**
 * The schema, as numbered migrations applied in order (each in its own transaction) and
 * recorded in schema_migrations: one file each, NNN-name.ts. Never edit a released migration:
 * add a file with the next number and list it here.
 * Licence and penalty columns carry the national double-disclosure field codes (XK_*, CF_*)
 * so rows map one-to-one onto the wire DTOs and onto 双公示 CSV files.
 */
import type { Migration } from './migration.js';
import m001 from './001-reference-data.js';
import m002 from './002-content.js';
import m003 from './003-entity-search-index.js';
import m004 from './004-visit-logs.js';
import m005 from './005-portal-pages.js';
import m006 from './006-accounts-and-entity-details.js';
import m007 from './007-disclosure-lists.js';
import m008 from './008-penalty-publicity.js';
import m009 from './009-hetao-members.js';
import m010 from './010-promise-fulfilments.js';
import m011 from './011-credit-services.js';
import m012 from './012-h5-personal-credit.js';
import m013 from './013-entity-name-bigrams.js';
import m014 from './014-login-sessions.js';
import m015 from './015-accounts-by-proof.js';
import m016 from './016-h5-browser-binding.js';
import m017 from './017-report-signing-keys.js';
import m018 from './018-entity-search-keys.js';
import m019 from './019-credit-follow.js';
import m020 from './020-follow-email-confirmation.js';
import m021 from './021-login-sessions-by-subject.js';
import m022 from './022-login-sessions-by-account.js';
import m023 from './023-account-failure-addresses.js';
import m024 from './024-reviewers.js';
import m025 from './025-regions.js';
import m026 from './026-public-changes.js';
import m027 from './027-webhooks.js';
import m028 from './028-public-change-marks.js';
import m029 from './029-report-coverage.js';
import m030 from './030-repairable-notices-and-promises.js';
import m031 from './031-publicity-search-filters.js';
import m032 from './032-consents.js';
import m033 from './033-closed-accounts.js';
import m034 from './034-publicity-keyword-grams.js';
import m035 from './035-publicity-gram-facets.js';

export type { Migration } from './migration.js';
export {
  BIGRAM_MAX_NAME_CHARS,
  ENTITY_BIGRAMS_INSERT_TRIGGER,
  FILL_ENTITY_BIGRAMS,
} from './013-entity-name-bigrams.js';

export const MIGRATIONS: readonly Migration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m019,
  m020,
  m021,
  m022,
  m023,
  m024,
  m025,
  m026,
  m027,
  m028,
  m029,
  m030,
  m031,
  m032,
  m033,
  m034,
  m035,
];

import type { ContentSectionKey } from '../constants.js';

/*
 * Article search (schemas/article-search.ts): the sections it covers. Plain data, no TypeBox: the
 * SPA's pages import these without building the schemas.
 */

/** The sections article search covers (the dated articles; not static pages, images or books). */
export const ARTICLE_SEARCH_SECTIONS: readonly ContentSectionKey[] = [
  'news',
  'notices',
  'riskWarnings',
  'specialGovernance',
  'integrityPublicity',
  'integrityJourney',
  'policy',
  'legislation',
  'interpretation',
  'governmentVoice',
  'regionalCredit',
  'jointRewardPunishment',
  'caseList',
  'commitmentList',
  'annualReports',
];

import { Type, type Static, type TSchema } from 'typebox';
import { PageField, PageSchema, pageSizeField } from './query.js';
import { CreditPromiseSchema } from './account.js';
import { LicenceListRowSchema, PenaltyListRowSchema } from './publicity.js';
import { LIST_KEYWORD_MAX, LIST_PAGE_SIZE_MAX } from '../constants.js';
import {
  LICENCE_CATEGORIES,
  PENALTY_KINDS,
  PENALTY_STATES,
  PUBLICITY_SORTS,
  PUBLISHED_SEVERITIES,
  type PROMISE_FULFILMENT_FIELD_LABELS,
} from '../vocabulary/credit-lists.js';
import type { LabelsName, Proof } from './labelled.js';

/*
 * The public credit lists of the information-disclosure section (spec §2.1 xygs): the double-
 * disclosure searches, the red and black lists, published credit promises and Credit Hetao.
 */

const Keyword = Type.Optional(Type.String({ maxLength: LIST_KEYWORD_MAX }));
const Paging = { ...PageField, ...pageSizeField(LIST_PAGE_SIZE_MAX) };

const Day = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }));
const oneOf = <const T extends readonly string[]>(values: T) =>
  Type.Optional(Type.Union(values.map((value) => Type.Literal(value as T[number]))));

/**
 * The filters both searches share: the deciding authority (exact name), the decision date range
 * (inclusive, YYYY-MM-DD) and the order by decision date (default newest first).
 */
const PublicityFilters = {
  authority: Type.Optional(Type.String({ maxLength: 100 })),
  dateFrom: Day,
  dateTo: Day,
  sort: oneOf(PUBLICITY_SORTS),
};

/** The licence filters: the shared ones and the licence category (XK_XKLB). */
const PermitFilters = { entNameOrLicenseDocNo: Keyword, ...PublicityFilters, category: oneOf(LICENCE_CATEGORIES) };

/**
 * The penalty filters: the shared ones, the kind (one of CF_CFLB's), the severity and the state
 * (CF_ZT; 已修复 is accepted by the schema so that the service can say why it finds nothing).
 */
const PunishFilters = {
  entNameOrPunishDocNo: Keyword,
  ...PublicityFilters,
  kind: oneOf(PENALTY_KINDS),
  severity: oneOf(PUBLISHED_SEVERITIES),
  state: oneOf(PENALTY_STATES),
};

/** GET permitpublicitysearch: keyword on the counterpart name or the licence document number, and the filters. */
export const PermitSearchQuerySchema = Type.Object({ ...PermitFilters, ...Paging });
export type PermitSearchQuery = Static<typeof PermitSearchQuerySchema>;

/** GET punishpublicitysearch: keyword on the counterpart name or the penalty document number. */
export const PunishSearchQuerySchema = Type.Object({ ...PunishFilters, ...Paging });
export type PunishSearchQuery = Static<typeof PunishSearchQuerySchema>;

/** GET permitpublicityexport: the licence search's filters, every match as CSV (at most PUBLICITY_EXPORT_MAX_ROWS). */
export const PermitExportQuerySchema = Type.Object(PermitFilters);
export type PermitExportQuery = Static<typeof PermitExportQuerySchema>;

/** GET punishpublicityexport: the penalty search's filters, every match as CSV (at most PUBLICITY_EXPORT_MAX_ROWS). */
export const PunishExportQuerySchema = Type.Object(PunishFilters);
export type PunishExportQuery = Static<typeof PunishExportQuerySchema>;

/** A licence search row: the list row plus the deciding authority. */
export const PermitSearchRowSchema = Type.Interface([LicenceListRowSchema], { xK_XKJG: Type.String() });
export type PermitSearchRow = Static<typeof PermitSearchRowSchema>;

/** A penalty search row: the list row plus the deciding authority and the state. */
export const PunishSearchRowSchema = Type.Interface([PenaltyListRowSchema], {
  cF_CFJG: Type.String(),
  cF_ZT: Type.String(),
});
export type PunishSearchRow = Static<typeof PunishSearchRowSchema>;

/**
 * How far a double-disclosure search counts a keyword's matches (100 pages of 10). Counting on
 * reads a row per match: 10,000 took 40–290 k row reads (0.1–0.6 s) at a million records for a
 * keyword 1–7 % of them hold (BENCHMARKS.md).
 */
export const PUBLICITY_SEARCH_COUNT_MAX = 1_000;

/**
 * A page of a double-disclosure search: a keyword's total is counted up to
 * PUBLICITY_SEARCH_COUNT_MAX, and totalCapped says that more match (no page lies beyond it).
 */
const SearchPageSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    totalCount: Type.Integer({ minimum: 0 }),
    totalCapped: Type.Optional(Type.Boolean()),
  });

export const PermitSearchPageSchema = SearchPageSchema(PermitSearchRowSchema);
export type PermitSearchPage = Static<typeof PermitSearchPageSchema>;

export const PunishSearchPageSchema = SearchPageSchema(PunishSearchRowSchema);
export type PunishSearchPage = Static<typeof PunishSearchPageSchema>;

/** GET promisepublicity: published credit promises, keyword on the entity name or credit code. */
export const PromiseListQuerySchema = Type.Object({ keyword: Keyword, ...Paging });
export type PromiseListQuery = Static<typeof PromiseListQuerySchema>;

export const PromisePageSchema = PageSchema(CreditPromiseSchema);
export type PromisePage = Static<typeof PromisePageSchema>;

/**
 * GET promisefulfilment (xscnList, 守信践诺): promises whose fulfilment the competent unit has
 * checked and found kept, newest check first; keyword on the entity name or credit code.
 */
export const PromiseFulfilmentQuerySchema = Type.Object({ keyword: Keyword, ...Paging });
export type PromiseFulfilmentQuery = Static<typeof PromiseFulfilmentQuerySchema>;

/** A row of the kept-promise list. */
export const PromiseFulfilmentRowSchema = Type.Object({
  id: Type.String(),
  EntName: Type.String(),
  CreditCode: Type.String(),
  PromiseType: Type.String(),
  /** yyyy-mm-dd. */
  PromiseDate: Type.String(),
  /** The day the fulfilment was checked, yyyy-mm-dd. */
  CheckedOn: Type.String(),
  /** The unit that checked it. */
  Checker: Type.String(),
});
export type PromiseFulfilmentRow = Static<typeof PromiseFulfilmentRowSchema>;

export const PromiseFulfilmentPageSchema = PageSchema(PromiseFulfilmentRowSchema);
export type PromiseFulfilmentPage = Static<typeof PromiseFulfilmentPageSchema>;

/** GET promisefulfilmentdetail (xylygsDetail, 信用履约公示): the check with the promise it concerns. */
export const PromiseFulfilmentDetailSchema = Type.Interface([PromiseFulfilmentRowSchema], {
  /** The published promise (KeepPromisetDetail). */
  PromiseId: Type.String(),
  Promiser: Type.String(),
  Content: Type.String(),
  /** What the check found. */
  Fulfilment: Type.String(),
  SourceUnit: Type.String(),
  /** yyyy-mm-dd hh:mm:ss. */
  UpdateTime: Type.String(),
});
export type PromiseFulfilmentDetail = Static<typeof PromiseFulfilmentDetailSchema>;

/** Query of the list details (promise, red/black entry): the row's `id`. */
export const ListDetailQuerySchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) });
export type ListDetailQuery = Static<typeof ListDetailQuerySchema>;

/** POST redblackinfo (bearer): entries in force of the red list, the black list or both. */
export const RedBlackQuerySchema = Type.Object({
  listType: Type.Optional(Type.Union([Type.Literal('red'), Type.Literal('black')])),
  keyword: Keyword,
  ...Paging,
});
export type RedBlackQuery = Static<typeof RedBlackQuerySchema>;

/** One red-list (守信激励) or black-list (失信惩戒) entry of the public lists. */
export const RedBlackListItemSchema = Type.Object({
  id: Type.String(),
  EntName: Type.String(),
  CreditCode: Type.String(),
  ListType: Type.Union([Type.Literal('red'), Type.Literal('black')]),
  /** e.g. 守合同重信用企业, 失信被执行人, 严重违法失信名单. */
  ListName: Type.String(),
  Reason: Type.String(),
  /** The deciding authority. */
  Authority: Type.String(),
  /** yyyy-mm-dd. */
  IncludedOn: Type.String(),
  /** yyyy-mm-dd. */
  ValidUntil: Type.String(),
  SourceUnit: Type.String(),
  /** yyyy-mm-dd hh:mm:ss. */
  UpdateTime: Type.String(),
});
export type RedBlackListItem = Static<typeof RedBlackListItemSchema>;

export const RedBlackPageSchema = PageSchema(RedBlackListItemSchema);
export type RedBlackPage = Static<typeof RedBlackPageSchema>;

/** GET redblackdetail (bearer): the entry, its entity, the measures it brings, the entity's other entries in force. */
export const RedBlackDetailSchema = Type.Interface([RedBlackListItemSchema], {
  EntType: Type.String(),
  LegalRep: Type.String(),
  Address: Type.String(),
  /** The joint reward (red) or punishment (black) measures the entry brings. */
  Measures: Type.String(),
  /** The entity's other entries in force (XygsDetailsRedMore). */
  Related: Type.Array(RedBlackListItemSchema),
});
export type RedBlackDetail = Static<typeof RedBlackDetailSchema>;

/** The field labels (vocabulary/) name exactly the fields of their rows. */
export type PromiseFulfilmentFieldLabelsNamed = Proof<
  LabelsName<typeof PROMISE_FULFILMENT_FIELD_LABELS, Exclude<keyof PromiseFulfilmentDetail, 'id' | 'PromiseId'>>
>;

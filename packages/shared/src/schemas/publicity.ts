import { Type, type Static } from 'typebox';
import { PageField, PageSchema, pageSizeField } from './query.js';
import type { LICENCE_FIELD_LABELS, PENALTY_FIELD_LABELS, PenaltyFlagField } from '../vocabulary/publicity.js';
import type { LabelsName, Proof } from './labelled.js';

/** Licence list row (camelCase, spec §3). */
export const LicenceListRowSchema = Type.Object({
  id: Type.String(),
  xK_WSH: Type.String(),
  xK_XDR_MC: Type.String(),
  xK_JDRQ: Type.String(),
});
export type LicenceListRow = Static<typeof LicenceListRowSchema>;

/** Penalty list row (camelCase, spec §3). */
export const PenaltyListRowSchema = Type.Object({
  id: Type.String(),
  cF_WSH: Type.String(),
  cF_XDR_MC: Type.String(),
  cF_JDRQ: Type.String(),
});
export type PenaltyListRow = Static<typeof PenaltyListRowSchema>;

const S = Type.String();
const OptS = Type.Optional(Type.String());

/** Licence detail in the national double-disclosure field codes, plus v2.0's source unit. */
export const LicenceDetailSchema = Type.Object({
  id: S,
  XK_XDR_LB: S,
  XK_WSH: S,
  XK_XKZS: S,
  XK_XKLB: S,
  XK_XKBH: S,
  XK_NR: S,
  XK_XDR_MC: S,
  XK_XDR_SHXYM: S,
  XK_XDR_ZZJG: S,
  XK_XDR_GSZC: S,
  XK_XDR_SWDJ: S,
  XK_XDR_SYDW: S,
  XK_XDR_SHZZ: S,
  XK_FRDB: S,
  XK_JDRQ: S,
  XK_YXQZ: S,
  XK_YXQZI: S,
  XK_XKJG: S,
  XK_XKJGDM: OptS,
  XK_LYDW: S,
  XK_LYDWDM: OptS,
  UPDATETIME: S,
});
export type LicenceDetail = Static<typeof LicenceDetailSchema>;

/** Penalty detail in the national field codes; CF_NR_FK and CF_NR_WFFF in 万元; v2.0 adds CF_GSJZQ and CF_SJLY. */
export const PenaltyDetailSchema = Type.Object({
  id: S,
  CF_XDR_LB: S,
  CF_WSH: S,
  CF_CFLB: S,
  CF_NR_FK: S,
  CF_NR_WFFF: S,
  CF_NR_ZKDX: S,
  CF_SY: S,
  CF_XDR_SHXYM: S,
  CF_XDR_ZZJG: S,
  CF_XDR_GSZC: S,
  CF_XDR_SWDJ: S,
  CF_XDR_SYDW: S,
  CF_XDR_SHZZ: S,
  /** Natural persons (v2.0): the kind of identity document, e.g. 身份证. */
  CF_XDR_ZJLX: OptS,
  /** Natural persons (v2.0): the document number, masked (first 6 + ****** + last 4). */
  CF_XDR_ZJHM: OptS,
  CF_YJ: S,
  CF_NR: S,
  CF_WFXW: S,
  CF_XDR_MC: S,
  CF_FRDB: S,
  CF_JDRQ: S,
  CF_CFJG: S,
  /** Publicity deadline (v2.0); past it the record is no longer listed. */
  CF_GSJZQ: S,
  /** Data source (v2.0). */
  CF_SJLY: S,
  /** '正常' | '信用修复中' | '异议处理中' | '已修复' (PENALTY_STATES). */
  CF_ZT: OptS,
  /** 轻微 | 一般 | 严重 (PENALTY_SEVERITIES): decides whether and how long the record is published. */
  severity: OptS,
  UPDATETIME: S,
  /** False when the record is not (or no longer) publicized: 轻微, past CF_GSJZQ, or repaired. */
  publicized: Type.Optional(Type.Boolean()),
  /** Why a record is not publicized (or '' when it is), e.g. 该记录已超过公示期，不再公示. */
  publicityNote: OptS,
});
export type PenaltyDetail = Static<typeof PenaltyDetailSchema>;

/** Collapsible licence block (spec §3), used on the entity details page. */
export const LicenceBlockSchema = Type.Object({
  xzxkCode: S,
  xzxkName: S,
  xkName: S,
  type: S,
  xkCode: S,
  decisionDate: S,
  dateFrom: S,
  dateTo: S,
  content: S,
  dept: S,
  deptCode: S,
  sourceFrom: S,
  sourceCode: S,
});
export type LicenceBlock = Static<typeof LicenceBlockSchema>;

/** Notice list item (spec §3): the licence and penalty highlights. */
export const NoticeListItemSchema = Type.Object({
  RecordId: S,
  EntName: S,
  LicenseDocNo: OptS,
  PunishDocNo: OptS,
  DecisionDate: OptS,
});
export type NoticeListItem = Static<typeof NoticeListItemSchema>;

/** Query of the district licence and penalty lists (spec §7). */
export const DistrictPublicityQuerySchema = Type.Object({
  recordid: Type.String({ minLength: 1, maxLength: 32 }),
  ...PageField,
  ...pageSizeField(100),
  searchWord: Type.Optional(Type.String({ maxLength: 100 })),
});
export type DistrictPublicityQuery = Static<typeof DistrictPublicityQuerySchema>;

export const LicencePageSchema = Type.Object({
  xkInfo: Type.Array(LicenceListRowSchema),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type LicencePage = Static<typeof LicencePageSchema>;

export const PenaltyPageSchema = Type.Object({
  cfInfo: Type.Array(PenaltyListRowSchema),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type PenaltyPage = Static<typeof PenaltyPageSchema>;

/** Query of a licence or penalty detail: `id`. */
export const DetailQuerySchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Query of the notice highlights (GET permtipublicity / punishpublicity). */
export const NoticeQuerySchema = Type.Object({
  ...PageField,
  ...pageSizeField(50),
});

export const NoticePageSchema = PageSchema(NoticeListItemSchema);
export type NoticePage = Static<typeof NoticePageSchema>;

/** The field labels (vocabulary/) name exactly the fields of their rows. */
export type LicenceFieldLabelsNamed = Proof<
  LabelsName<typeof LICENCE_FIELD_LABELS, Exclude<keyof LicenceDetail, 'id'>>
>;
export type PenaltyFieldLabelsNamed = Proof<
  LabelsName<typeof PENALTY_FIELD_LABELS, Exclude<keyof PenaltyDetail, 'id' | PenaltyFlagField>>
>;

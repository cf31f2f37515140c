import { Type, type Static } from 'typebox';
import { PageField, PageSchema, pageSizeField } from './query.js';

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

/** Labels of the licence and penalty detail fields, in display order. */
export const LICENCE_FIELD_LABELS: Readonly<Record<Exclude<keyof LicenceDetail, 'id'>, string>> = {
  XK_XDR_MC: '行政相对人名称',
  XK_XDR_LB: '行政相对人类别',
  XK_XDR_SHXYM: '统一社会信用代码',
  XK_XDR_ZZJG: '组织机构代码',
  XK_XDR_GSZC: '工商注册号',
  XK_XDR_SWDJ: '税务登记号',
  XK_XDR_SYDW: '事业单位证书号',
  XK_XDR_SHZZ: '社会组织登记证号',
  XK_FRDB: '法定代表人',
  XK_WSH: '行政许可决定文书号',
  XK_XKZS: '许可证书名称',
  XK_XKLB: '许可类别',
  XK_XKBH: '许可编号',
  XK_NR: '许可内容',
  XK_JDRQ: '许可决定日期',
  XK_YXQZ: '有效期自',
  XK_YXQZI: '有效期至',
  XK_XKJG: '许可机关',
  XK_XKJGDM: '许可机关统一社会信用代码',
  XK_LYDW: '数据来源单位',
  XK_LYDWDM: '数据来源单位统一社会信用代码',
  UPDATETIME: '更新时间',
};

/** Penalty detail fields that are flags for the page, not publication fields (no label). */
export type PenaltyFlagField = 'publicized' | 'publicityNote';

export const PENALTY_FIELD_LABELS: Readonly<Record<Exclude<keyof PenaltyDetail, 'id' | PenaltyFlagField>, string>> = {
  CF_XDR_MC: '行政相对人名称',
  CF_XDR_LB: '行政相对人类别',
  CF_XDR_SHXYM: '统一社会信用代码',
  CF_XDR_ZZJG: '组织机构代码',
  CF_XDR_GSZC: '工商注册号',
  CF_XDR_SWDJ: '税务登记号',
  CF_XDR_SYDW: '事业单位证书号',
  CF_XDR_SHZZ: '社会组织登记证号',
  CF_XDR_ZJLX: '证件类型',
  CF_XDR_ZJHM: '证件号码',
  CF_FRDB: '法定代表人',
  CF_WSH: '行政处罚决定书文号',
  CF_WFXW: '违法行为类型',
  CF_SY: '违法事实',
  CF_YJ: '处罚依据',
  CF_CFLB: '处罚类别',
  CF_NR: '处罚内容',
  CF_NR_FK: '罚款金额（万元）',
  CF_NR_WFFF: '没收违法所得、没收非法财物的金额（万元）',
  CF_NR_ZKDX: '暂扣或吊销证照名称及编号',
  CF_JDRQ: '处罚决定日期',
  CF_CFJG: '处罚机关',
  CF_GSJZQ: '公示截止期',
  CF_SJLY: '数据来源',
  CF_ZT: '状态',
  severity: '违法行为严重程度',
  UPDATETIME: '更新时间',
};

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

/*
 * Licences and penalties (schemas/publicity.ts): the detail pages' field labels in display order.
 * Plain data, no TypeBox: the SPA's pages import these without building the schemas.
 */

/** Labels of the licence and penalty detail fields, in display order. */
export const LICENCE_FIELD_LABELS = {
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
} as const;

/** Penalty detail fields that are flags for the page, not publication fields (no label). */
export type PenaltyFlagField = 'publicized' | 'publicityNote';

export const PENALTY_FIELD_LABELS = {
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
} as const;

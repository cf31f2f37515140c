import {
  ABNORMAL_BUSINESS_FIELD_LABELS,
  ARREARS_FUNDS_FIELD_LABELS,
  MAJOR_TAX_VIOLATION_FIELD_LABELS,
} from '../vocabulary/disclosure.js';
import { LICENCE_FIELD_LABELS, PENALTY_FIELD_LABELS } from '../vocabulary/publicity.js';

/*
 * Open data (开放数据): the datasets the credit centre publishes as daily bulk files and
 * through the read API, and the description of every field — one vocabulary for the service that
 * writes the files, the gateway that documents the API and the page that lists them. Field codes
 * are the national double-disclosure codes (XK_*, CF_*) for licences and penalties, and the wire
 * names of the portal's list calls for the other lists; field names are the pages' own labels.
 */

/** The published datasets, by id (the file names and the API's `dataset` parameter). */
export const OPEN_DATASET_IDS = ['xzxk', 'xzcf', 'hhmd', 'jyyc', 'zdsswf', 'tqgz'] as const;
export type OpenDatasetId = (typeof OPEN_DATASET_IDS)[number];

/** One field of a dataset: its code (CSV header, JSON key), Chinese name and meaning. */
export interface OpenDataField {
  code: string;
  name: string;
  meaning: string;
}

/** A dataset: its title, what it holds, and its fields in file order. */
export interface OpenDatasetDefinition {
  id: OpenDatasetId;
  title: string;
  description: string;
  fields: readonly OpenDataField[];
}

/** The file formats of each dataset. */
export const OPEN_DATA_FORMATS = ['csv', 'jsonl'] as const;
export type OpenDataFormat = (typeof OPEN_DATA_FORMATS)[number];

/** The name of a dataset's file of one day, e.g. xzcf-2026-11-27.csv. */
export const openDataFileName = (dataset: OpenDatasetId, date: string, format: OpenDataFormat): string =>
  `${dataset}-${date}.${format}`;

/** The name of a day's manifest file. */
export const OPEN_DATA_MANIFEST_FILE = 'manifest.json';

/** The name of its SM2 signature file (DER), beside it. */
export const OPEN_DATA_MANIFEST_SIGNATURE_FILE = 'manifest.json.sig';

const COUNTERPART_MEANING = '行政相对人的证照代码，无则为空';

const LICENCE_MEANINGS: Readonly<Record<keyof typeof LICENCE_FIELD_LABELS, string>> = {
  XK_XDR_MC: '被许可的法人、非法人组织、个体工商户或自然人的名称',
  XK_XDR_LB: '法人及非法人组织、个体工商户或自然人',
  XK_XDR_SHXYM: '行政相对人的18位统一社会信用代码',
  XK_XDR_ZZJG: COUNTERPART_MEANING,
  XK_XDR_GSZC: COUNTERPART_MEANING,
  XK_XDR_SWDJ: COUNTERPART_MEANING,
  XK_XDR_SYDW: COUNTERPART_MEANING,
  XK_XDR_SHZZ: COUNTERPART_MEANING,
  XK_FRDB: '行政相对人的法定代表人（负责人）姓名',
  XK_WSH: '行政许可决定书的文号',
  XK_XKZS: '许可证书的名称，如“食品经营许可证”',
  XK_XKLB: '普通、特许、认可、核准、登记或其他',
  XK_XKBH: '许可证书的编号',
  XK_NR: '许可的具体内容',
  XK_JDRQ: '作出许可决定的日期（yyyy-mm-dd）',
  XK_YXQZ: '许可有效期的起始日期（yyyy-mm-dd）',
  XK_YXQZI: '许可有效期的截止日期（yyyy-mm-dd）',
  XK_XKJG: '作出许可决定的机关名称',
  XK_XKJGDM: '许可机关的统一社会信用代码',
  XK_LYDW: '报送该记录的单位名称',
  XK_LYDWDM: '数据来源单位的统一社会信用代码',
  UPDATETIME: '记录最后更新的时间（yyyy-mm-dd hh:mm:ss）',
};

type PenaltyFileField = Exclude<keyof typeof PENALTY_FIELD_LABELS, 'severity'>;

const PENALTY_MEANINGS: Readonly<Record<PenaltyFileField, string>> = {
  CF_XDR_MC: '被处罚的法人、非法人组织、个体工商户或自然人的名称',
  CF_XDR_LB: '法人及非法人组织、个体工商户或自然人',
  CF_XDR_SHXYM: '行政相对人的18位统一社会信用代码',
  CF_XDR_ZZJG: COUNTERPART_MEANING,
  CF_XDR_GSZC: COUNTERPART_MEANING,
  CF_XDR_SWDJ: COUNTERPART_MEANING,
  CF_XDR_SYDW: COUNTERPART_MEANING,
  CF_XDR_SHZZ: COUNTERPART_MEANING,
  CF_XDR_ZJLX: '自然人的证件类型，如“身份证”；非自然人为空',
  CF_XDR_ZJHM: '自然人的证件号码，已脱敏（前6位 + ****** + 后4位）；非自然人为空',
  CF_FRDB: '行政相对人的法定代表人（负责人）姓名',
  CF_WSH: '行政处罚决定书的文号',
  CF_WFXW: '违法行为的类型',
  CF_SY: '违法的主要事实',
  CF_YJ: '作出处罚所依据的法律、法规条款',
  CF_CFLB: '警告、罚款、没收违法所得、责令停产停业等',
  CF_NR: '处罚的具体内容',
  CF_NR_FK: '罚款金额，单位万元',
  CF_NR_WFFF: '没收违法所得、没收非法财物的金额，单位万元',
  CF_NR_ZKDX: '暂扣或吊销的证照名称及编号',
  CF_JDRQ: '作出处罚决定的日期（yyyy-mm-dd）',
  CF_CFJG: '作出处罚决定的机关名称',
  CF_GSJZQ: '公示截止日期（yyyy-mm-dd），过期后不再公示，也不再出现在开放数据中',
  CF_SJLY: '报送该记录的单位名称',
  CF_ZT: '正常、信用修复中或异议处理中（已修复的记录不再公示）',
  UPDATETIME: '记录最后更新的时间（yyyy-mm-dd hh:mm:ss）',
};

/** Meanings of the other lists' fields, shared by the lists that carry them. */
const LIST_MEANINGS: Readonly<Record<string, string>> = {
  EntName: '列入名单的主体名称',
  SubjectType: '法人及非法人组织、个体工商户或自然人',
  CreditCode: '主体的18位统一社会信用代码，自然人为空',
  LegalRep: '主体的法定代表人（负责人、经营者）姓名',
  IdNumber: '证件号码，已脱敏（前6位 + ****** + 后4位）',
  Reason: '列入名单的原因',
  DocNo: '列入决定书的文号',
  DecisionOrg: '作出列入决定的机关',
  ListedOn: '列入名单的日期（yyyy-mm-dd）',
  SourceUnit: '报送该记录的单位名称',
  UpdateTime: '记录最后更新的时间（yyyy-mm-dd hh:mm:ss）',
  Address: '主体的注册地址',
  CaseNature: '税收违法案件的性质',
  Facts: '主要违法事实',
  Punishment: '相关法律依据及税务处理处罚情况',
  ArrearsAmount: '拖欠的工资金额，单位万元',
  Workers: '涉及的农民工人数',
  ValidUntil: '移出名单的日期（yyyy-mm-dd）',
  ListType: 'red 为红名单（守信激励），black 为黑名单（失信惩戒）',
  ListName: '名单的名称，如“守合同重信用企业”“失信被执行人”',
  Authority: '认定并列入名单的机关',
  IncludedOn: '列入名单的日期（yyyy-mm-dd）',
};

const RED_BLACK_FIELD_LABELS = {
  EntName: '主体名称',
  CreditCode: '统一社会信用代码',
  ListType: '名单类型',
  ListName: '名单名称',
  Reason: '列入原因',
  Authority: '认定机关',
  IncludedOn: '列入日期',
  ValidUntil: '有效期至',
  SourceUnit: '数据来源单位',
  UpdateTime: '更新时间',
} as const;

/** Fields of a label table, in its order, with meanings from `meanings` (a test holds every meaning present). */
function fieldsOf(
  labels: Readonly<Record<string, string>>,
  meanings: Readonly<Record<string, string>>,
): OpenDataField[] {
  return Object.entries(labels).map(([code, name]) => ({ code, name, meaning: meanings[code] ?? '' }));
}

/** The penalty fields of the files: the page's, but the severity (it decides publicity; no national code). */
const PENALTY_FILE_LABELS = Object.fromEntries(
  Object.entries(PENALTY_FIELD_LABELS).filter(([code]) => code !== 'severity'),
);

/** Every dataset, in the order the page lists them. */
export const OPEN_DATASETS: readonly OpenDatasetDefinition[] = [
  {
    id: 'xzxk',
    title: '行政许可',
    description: '双公示行政许可信息，国家标准字段代码（XK_*）。',
    fields: fieldsOf(LICENCE_FIELD_LABELS, LICENCE_MEANINGS),
  },
  {
    id: 'xzcf',
    title: '行政处罚',
    description: '当日处于公示期内的双公示行政处罚信息（CF_*）；超过公示截止期或已信用修复的记录不含在内。',
    fields: fieldsOf(PENALTY_FILE_LABELS, PENALTY_MEANINGS),
  },
  {
    id: 'hhmd',
    title: '红黑名单',
    description: '当日有效的守信红名单与失信黑名单。',
    fields: fieldsOf(RED_BLACK_FIELD_LABELS, LIST_MEANINGS),
  },
  {
    id: 'jyyc',
    title: '经营异常名录',
    description: '列入经营异常名录的市场主体。',
    fields: fieldsOf(ABNORMAL_BUSINESS_FIELD_LABELS, LIST_MEANINGS),
  },
  {
    id: 'zdsswf',
    title: '重大税收违法失信主体',
    description: '重大税收违法失信主体名单。',
    fields: fieldsOf(MAJOR_TAX_VIOLATION_FIELD_LABELS, LIST_MEANINGS),
  },
  {
    id: 'tqgz',
    title: '拖欠农民工工资失信联合惩戒对象',
    description: '拖欠农民工工资失信联合惩戒对象名单。',
    fields: fieldsOf(ARREARS_FUNDS_FIELD_LABELS, LIST_MEANINGS),
  },
];

/** A dataset's definition by id. */
export const openDataset = (id: string): OpenDatasetDefinition | undefined =>
  OPEN_DATASETS.find((dataset) => dataset.id === id);

/*
 * The disclosure lists (schemas/disclosure.ts): subject types and each list's field labels in
 * display order. Plain data, no TypeBox: the SPA's pages import these without building the schemas.
 */

/** Who a record is about. */
export const DISCLOSURE_SUBJECT_TYPES = ['法人及非法人组织', '个体工商户', '自然人'] as const;
export type DisclosureSubjectType = (typeof DISCLOSURE_SUBJECT_TYPES)[number];

/** Field labels, in display order; amounts name their unit. */
export const ABNORMAL_BUSINESS_FIELD_LABELS = {
  EntName: '企业名称',
  SubjectType: '主体类别',
  CreditCode: '统一社会信用代码',
  LegalRep: '法定代表人（负责人、经营者）',
  Reason: '列入经营异常名录原因',
  DocNo: '列入决定书文号',
  DecisionOrg: '作出决定机关',
  ListedOn: '列入日期',
  SourceUnit: '数据来源单位',
  UpdateTime: '更新时间',
} as const;

export const MAJOR_TAX_VIOLATION_FIELD_LABELS = {
  EntName: '纳税人名称',
  SubjectType: '主体类别',
  CreditCode: '统一社会信用代码',
  LegalRep: '法定代表人或者负责人',
  IdNumber: '证件号码',
  Address: '注册地址',
  CaseNature: '案件性质',
  Facts: '主要违法事实',
  Punishment: '相关法律依据及税务处理处罚情况',
  DecisionOrg: '作出决定机关',
  ListedOn: '列入日期',
  SourceUnit: '数据来源单位',
  UpdateTime: '更新时间',
} as const;

export const ARREARS_FUNDS_FIELD_LABELS = {
  EntName: '失信主体名称',
  SubjectType: '主体类别',
  CreditCode: '统一社会信用代码',
  LegalRep: '法定代表人（负责人）',
  IdNumber: '证件号码',
  Facts: '列入原因（违法事实）',
  ArrearsAmount: '拖欠工资金额（万元）',
  Workers: '涉及农民工人数',
  DocNo: '列入决定书文号',
  DecisionOrg: '作出决定机关',
  ListedOn: '列入日期',
  ValidUntil: '移出日期',
  SourceUnit: '数据来源单位',
  UpdateTime: '更新时间',
} as const;

export const NONTAX_FIELD_LABELS = {
  EntName: '缴款人名称',
  SubjectType: '主体类别',
  CreditCode: '统一社会信用代码',
  LegalRep: '法定代表人（负责人）',
  IdNumber: '证件号码',
  ItemName: '欠缴项目',
  Amount: '欠缴金额（元）',
  LateFee: '滞纳金（元）',
  Basis: '征收依据',
  PayableBy: '应缴截止日期',
  NoticeDocNo: '催缴通知书文号',
  NoticedOn: '催缴日期',
  Status: '状态',
  CollectingOrg: '执收单位',
  SourceUnit: '数据来源单位',
  UpdateTime: '更新时间',
} as const;

export const BANKRUPTCY_FIELD_LABELS = {
  CaseNo: '案号',
  DebtorName: '债务人姓名',
  IdNumber: '证件号码',
  CaseType: '案件类型',
  Court: '受理法院',
  AcceptedOn: '受理日期',
  Status: '案件状态',
  Administrator: '管理人',
  AdministratorPhone: '管理人联系电话',
  AppointedOn: '指定管理人日期',
  ClaimDeadline: '债权申报截止日期',
  CreditorMeetingOn: '第一次债权人会议日期',
  Liabilities: '申报债务总额（万元）',
  Announcement: '公告内容',
  SourceUnit: '数据来源单位',
  UpdateTime: '更新时间',
} as const;

/*
 * 信用服务 (schemas/services.ts): upload limits and types, the service's messages, application kinds,
 * steps, review actions and objection grounds with their labels, the filing forms' labels, the
 * review paths, report types and periods, the verification link. Plain data, no TypeBox: the SPA's
 * pages import these without building the schemas.
 */

/**
 * Materials of a filing: at most this many files, each at most UPLOAD_MAX_FILE_BYTES, of the
 * types UPLOAD_FILE_TYPES recognizes by their first bytes (never by name). The gateway refuses a
 * request body over UPLOAD_MAX_REQUEST_BYTES before it reaches the credit-service, which checks
 * every file and the count itself.
 */
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** The whole multipart body: every file at its largest plus 1 MiB for the fields and part headers. */
export const UPLOAD_MAX_REQUEST_BYTES = UPLOAD_MAX_FILES * UPLOAD_MAX_FILE_BYTES + 1024 * 1024;
/** The multipart field name of the materials (repeat it once per file). */
export const UPLOAD_FILE_FIELD = 'files';
/** Accepted file types, recognized by their magic bytes. */
export const UPLOAD_FILE_TYPES = [
  { type: 'application/pdf', label: 'PDF', extension: 'pdf' },
  { type: 'image/jpeg', label: 'JPG', extension: 'jpg' },
  { type: 'image/png', label: 'PNG', extension: 'png' },
] as const;
/** The accept attribute of the SPA's file inputs (a hint only: the service checks the content). */
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The service's messages for uploads and filings (normalized envelope `message`). */
export const SERVICE_MESSAGES = {
  notMultipart: '请以 multipart/form-data 方式提交申请材料',
  noFiles: '请上传至少一份申请材料',
  tooManyFiles: `申请材料最多上传${UPLOAD_MAX_FILES}个文件`,
  fileTooLarge: `单个文件不能超过${UPLOAD_MAX_FILE_BYTES / 1024 / 1024}MB`,
  requestTooLarge: '上传内容过大，请压缩或减少文件后重试',
  badFileType: '仅支持上传PDF、JPG、PNG格式的文件（按文件内容识别）',
  emptyFile: '不能上传空文件',
  unknownField: '表单中含有无法识别的字段',
  punishNotFound: '未找到该行政处罚记录',
  notMyBusiness: '该主体不是您名下的企业，不能办理',
  notRepairable: '该行政处罚记录当前不可申请信用修复',
  notObjectionable: '该行政处罚记录当前不可提出异议',
  purposeUnknown: '请选择有效的修复用途',
  applicationNotFound: '未找到该申请，请核对申请编号',
  entityNotFound: '未找到该主体',
  reportPeriodInvalid: '报告期间不正确：开始日期不能晚于结束日期，结束日期不能晚于今天',
  reportPeriodTooLong: '报告期间最长为5年',
  /** One answer for an unknown number and a wrong code, so that numbers cannot be found by trying. */
  reportNotVerified: '报告编号或验证码不正确，请核对后重新输入',
  reportFileAltered: '上传的文件与该报告编号出具的报告不一致，文件可能已被修改',
  reportFileUnknown: '上传的文件不是本中心出具的信用报告，或文件已被修改',
  reportSignatureBad: '报告签名校验未通过，该报告记录不可信，请联系信用中心',
  reportCreditCodeMismatch: '统一社会信用代码与该报告的主体不一致',
  /** One answer for an unknown login, a wrong password, a wrong or used code and a locked account. */
  reviewerLoginBad: '登录名、密码或动态验证码不正确',
  reviewerSessionBad: '审核登录已失效，请重新登录',
  reviewTransitionBad: '该申请当前状态不能执行此操作',
  /** A repair filed without the signed 信用修复承诺书 (the signer's name and the box ticked). */
  promiseRequired: '请阅读信用修复承诺书，填写承诺人姓名并勾选“我已阅读并承诺”后再提交',
  /** The form signed a promise text that is no longer the current one. */
  promiseOutdated: '信用修复承诺书内容已更新，请刷新页面，重新阅读并签署后再提交',
} as const;

/** Kinds of application. */
export const APPLICATION_KINDS = ['repair', 'objection'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
export const APPLICATION_KIND_LABELS: Readonly<Record<ApplicationKind, string>> = {
  repair: '信用修复',
  objection: '信用异议',
};

/** The steps of an application's timeline, in order; approved and rejected exclude each other. */
export const APPLICATION_STEPS = ['submitted', 'accepted', 'reviewing', 'approved', 'rejected', 'completed'] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];
export const APPLICATION_STEP_LABELS: Readonly<Record<ApplicationStep, string>> = {
  submitted: '已提交',
  accepted: '已受理',
  reviewing: '审核中',
  approved: '审核通过',
  rejected: '审核不通过',
  completed: '已办结',
};

/** What a reviewer can do next from each state (the review endpoint, page and CLI). */
export const REVIEW_ACTIONS = ['accept', 'review', 'approve', 'reject', 'complete'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const REVIEW_ACTION_LABELS: Readonly<Record<ReviewAction, string>> = {
  accept: '受理',
  review: '开始审核',
  approve: '审核通过',
  reject: '审核不通过',
  complete: '办结',
};

/** The objection grounds of UploadCreditObjection. */
export const OBJECTION_TYPES = [
  '信息内容有误',
  '信息主体有误',
  '超过公示期限仍在公示',
  '已完成信用修复仍在公示',
  '其他',
] as const;
export type ObjectionType = (typeof OBJECTION_TYPES)[number];

/** Field labels and empty-field messages of the filing forms. */
export const FILING_FIELD_LABELS = {
  punishId: '行政处罚记录',
  purposeId: '修复用途',
  objectionType: '异议类型',
  contactName: '联系人',
  contactPhone: '联系电话',
  description: '情况说明',
  files: '申请材料',
  promiseSigner: '承诺人姓名',
  promiseAccepted: '信用修复承诺书',
  promiseVersion: '信用修复承诺书版本',
} as const;

/**
 * The 信用修复承诺书 a repair filing signs (信用修复管理办法, 国家发展改革委令第36号: the applicant
 * submits a promise of credit repair). The filer reads it, types their name and ticks the box; the
 * filing stores the version, the text's SHA-256 and the signer with the time. A changed text is a
 * new version: a form signed against an older one is refused, so no one signs unseen words.
 */
export const REPAIR_PROMISE = {
  version: '2026.1',
  title: '信用修复承诺书',
  paragraphs: [
    '本单位（本人）就本次信用修复申请，郑重承诺如下：',
    '一、本次申请所提交的全部材料真实、准确、完整、有效，不存在隐瞒事实、虚假陈述或者伪造、变造材料的情形。',
    '二、本单位已按要求纠正失信行为，履行行政处罚决定确定的法定义务（包括按时足额缴纳罚款、没收违法所得等），已完成整改，主动消除不良影响。',
    '三、本单位今后将严格遵守法律、法规、规章和有关规定，依法诚信经营，自觉接受政府部门和社会公众的监督。',
    '四、如违背上述承诺，或者所提交材料存在虚假情形，本单位愿意依照《信用修复管理办法》等规定承担相应法律责任，接受撤销信用修复决定、恢复公示相关失信信息并记入信用记录等处理。',
  ],
  /** The box the filer ticks. */
  consent: '我已阅读并承诺',
} as const;

/** The promise's text as its SHA-256 is taken: the paragraphs, one a line. */
export const repairPromiseText = (): string => REPAIR_PROMISE.paragraphs.join('\n');

/** The SPA's repair filing form (hash route; query punishId and docNo, no secret): the repairable-day notice links to it. */
export const REPAIR_FILING_PAGE_PATH = '/xyfw/xyxf/report';
export const repairFilingUrl = (portalUrl: string, punishId: string, docNo: string): string =>
  `${portalUrl.replace(/\/*$/, '/')}#${REPAIR_FILING_PAGE_PATH}?punishId=${encodeURIComponent(punishId)}&docNo=${encodeURIComponent(docNo)}`;

/**
 * The centre's review endpoint on the credit-service (not proxied by the public gateway): GET
 * lists the applications not yet completed, POST ReviewRequest moves one on. Both need a
 * reviewer's session, `Authorization: Bearer <token>` from POST SERVICE_REVIEW_LOGIN_PATH (login
 * name, password and the authenticator's current code); SERVICE_REVIEW_LOGOUT_PATH ends it.
 */
export const SERVICE_REVIEW_PATH = '/api/creditservice/review';
export const SERVICE_REVIEW_LOGIN_PATH = `${SERVICE_REVIEW_PATH}/login`;
export const SERVICE_REVIEW_LOGOUT_PATH = `${SERVICE_REVIEW_PATH}/logout`;

/** Longest report period: 5 years (the user picks the period). */
export const REPORT_PERIOD_MAX_YEARS = 5;

export const REPORT_TYPES = ['enterprise', 'special'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Readonly<Record<ReportType, string>> = {
  enterprise: '企业信用报告',
  special: '专项信用报告（代替有无违法违规记录证明）',
};

/**
 * The areas of the 专项信用报告 the applicant chooses from (at least one), each with its departments
 * and the words that name them in a penalty's 处罚机关 (CF_CFJG). The report replaces the
 * 无违法违规记录证明 of the areas chosen (发改财金〔2025〕565号; docs/SPECIAL-REPORT.md).
 */
export const SPECIAL_REPORT_AREAS: readonly { area: string; dept: string; match: string }[] = [
  { area: '市场监管', dept: '市场监督管理部门', match: '市场监督管理' },
  { area: '生态环境', dept: '生态环境部门', match: '生态环境' },
  { area: '住房城乡建设', dept: '住房和城乡建设部门', match: '建设局' },
  { area: '交通运输', dept: '交通运输部门', match: '交通运输' },
  { area: '卫生健康', dept: '卫生健康部门', match: '卫生健康' },
  { area: '安全生产', dept: '应急管理部门', match: '应急管理' },
  { area: '税务', dept: '税务部门', match: '税务' },
  { area: '消防安全', dept: '消防救援机构', match: '消防救援' },
  { area: '城市管理', dept: '城市管理和综合执法部门', match: '城市管理' },
  { area: '烟草专卖', dept: '烟草专卖部门', match: '烟草专卖' },
];

/** Why the areas of a 专项信用报告 request are refused. */
export const SPECIAL_REPORT_AREA_MESSAGES = {
  none: '请选择专项信用报告涵盖的领域（至少一个）',
  unknown: (area: string) =>
    `专项信用报告的领域“${area}”不在可选范围内，可选领域：${SPECIAL_REPORT_AREAS.map((a) => a.area).join('、')}`,
  repeated: (area: string) => `专项信用报告的领域“${area}”重复选择，每个领域只能选择一次`,
} as const;

/** Why the chosen areas cannot be asked for (none, unknown or repeated), or null. */
export function specialAreasRefusal(areas: readonly string[]): string | null {
  if (areas.length === 0) return SPECIAL_REPORT_AREA_MESSAGES.none;
  const seen = new Set<string>();
  for (const area of areas) {
    if (!SPECIAL_REPORT_AREAS.some((known) => known.area === area)) return SPECIAL_REPORT_AREA_MESSAGES.unknown(area);
    if (seen.has(area)) return SPECIAL_REPORT_AREA_MESSAGES.repeated(area);
    seen.add(area);
  }
  return null;
}

/** The three kinds of signed report: the two of 信用服务 and the H5 personal report. */
export const SIGNED_REPORT_KINDS = ['enterprise', 'special', 'personal'] as const;

/**
 * The SPA's verification page and the QR code's link: /#/xyfw/verify?no=… on the portal. The
 * verification code is printed beside the QR code and typed in: it unlocks the report's record, and
 * such secrets never go into an address (browser history, screenshots, shared links). Reports
 * issued before carry ?no=…&code=… in their QR code; the page takes the code into its field and
 * drops it from the address at once.
 */
export const REPORT_VERIFY_ROUTE = 'xyfw/verify';
export const reportVerifyUrl = (portalUrl: string, reportNo: string): string =>
  `${portalUrl.replace(/\/*$/, '/')}#/${REPORT_VERIFY_ROUTE}?no=${encodeURIComponent(reportNo)}`;

/**
 * A report's status (ReportStatus): 有效 while the entity's public record is what it was when the
 * report was issued; 已有更新 once something changed since; 无法确定 for a report issued before
 * its coverage was recorded when the dates of the records show no change either.
 */
export const REPORT_STATES = ['current', 'updated', 'undetermined'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_STATE_LABELS: Readonly<Record<ReportState, string>> = {
  current: '有效',
  updated: '已有更新',
  undetermined: '无法确定',
};

/** How a status was found: the coverage recorded at issue compared with today's, or the records' dates alone. */
export const REPORT_STATUS_BASES = ['coverage', 'dates'] as const;
export type ReportStatusBasis = (typeof REPORT_STATUS_BASES)[number];

/** The kinds of change a status names, never their content (no authority, amount or text). */
export const REPORT_CHANGE_KINDS = [
  'penaltyPublished',
  'penaltyRepaired',
  'penaltyEnded',
  'penaltyWithdrawn',
  'objectionUpheld',
  'licenceAdded',
  'redListAdded',
  'redListRemoved',
  'blackListAdded',
  'blackListRemoved',
  'publicListAdded',
  'publicListRemoved',
] as const;
export type ReportChangeKind = (typeof REPORT_CHANGE_KINDS)[number];
export const REPORT_CHANGE_LABELS: Readonly<Record<ReportChangeKind, string>> = {
  penaltyPublished: '新公示行政处罚',
  penaltyRepaired: '行政处罚已信用修复',
  penaltyEnded: '行政处罚公示期满',
  penaltyWithdrawn: '行政处罚已撤下公示',
  objectionUpheld: '信用异议经核实更正',
  licenceAdded: '新增行政许可',
  redListAdded: '列入守信激励（红名单）',
  redListRemoved: '移出守信激励（红名单）',
  blackListAdded: '列入失信惩戒（黑名单）',
  blackListRemoved: '移出失信惩戒（黑名单）',
  publicListAdded: '列入公示名单',
  publicListRemoved: '移出公示名单',
};

/** What each status says, in words the verify page shows. */
export const REPORT_STATUS_NOTES = {
  current: '自报告出具以来，该主体的公示信息未发生变化，报告内容仍与信用门户公示的信息一致。',
  updated:
    '自报告出具以来，该主体的公示信息已发生变化（下列为变化类型和日期，不显示具体内容）。如需最新信息，请重新出具信用报告或在信用门户查询。',
  datesUpdated:
    '该报告出具时尚未留存覆盖范围记录，以下变化系按公示记录的日期判断：报告出具后有下列更新（只显示变化类型和日期）。如需最新信息，请重新出具信用报告。',
  undetermined:
    '该报告出具时尚未留存覆盖范围记录，无法确定其内容是否仍为最新：按公示记录的日期未发现出具后的更新，但出具前作出、出具后才归集的记录无法识别。如需确认，请重新出具信用报告。',
} as const;

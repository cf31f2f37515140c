import { H5 } from '@credit-portal/shared';
import type { SiteIdentity } from '../lib/site.js';

/*
 * The fixed parts of the H5 app's personal credit report (spec §3, §9; migration 12): the version
 * code its config rows (h5_report_config) are stored under, and the tables the service adds to the
 * stored data tables (h5_report_rows) when it answers a report — the report's number, its notes
 * and the summary. The config rows themselves are data (the demo's are in seed/h5.ts).
 */

/** The personal report's version code (spec §9). */
export const PERSONAL_VERSION = H5.versionCode;

/** Names of the report's fixed tables. */
export const REPORT_INFO_TABLE = 'ReportInfo';
export const DESCRIPTION_TABLE = 'description';
export const SUMMARY_TABLE = 'summary';

/** The report's notes (the description table, not shown as a section), in the site's city and centre. */
export const reportDescription = (site: SiteIdentity): string[] => [
  `本报告依据${site.cityName}公共信用信息平台归集的公共信用信息生成，仅反映报告生成时平台归集的信息。`,
  '本报告仅供信息主体本人查询使用，信息主体应妥善保管，因保管不当造成个人信息泄露的，由信息主体自行承担责任。',
  `信息主体对报告内容有异议的，可向${site.centreName}提出异议申请。`,
];

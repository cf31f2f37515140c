import type { ReportConfigRow, ReportRow, ReportTable, ReportTables } from '../schemas/h5.js';

/** One item of a report section: a data table shown as rows of label/value cells. */
export interface ReportItem {
  key: string;
  title: string;
  /** '1' shows the title only, '2' the table. */
  displayMode: '1' | '2';
  columns: string[];
  rows: Array<Record<string, string>>;
  /** Shown only when there is more than one row; never for social insurance. */
  showCount: boolean;
  /** The social-insurance item only: the latest month by payer unit, each coverage item's amounts. */
  insurance?: InsuranceMonth[];
}

/** One payer unit's payments of the latest month (spec §3). */
export interface InsuranceMonth {
  payer: string;
  paymentTime: string;
  items: Array<{ coverage: string; personal: string; unit: string }>;
}

/** A collapsible section of the personal report. */
export interface ReportSection {
  key: string;
  title: string;
  items: ReportItem[];
  /** Number of rows over its items, social insurance not counted. */
  count: number;
  /** Shown only when the section has more than one row. */
  showCount: boolean;
  /** Greyed when nothing is in it. */
  empty: boolean;
}

export interface BuiltReport {
  reportNumber: string;
  /** The query date of the report-number table ('' when it has none). */
  queryDate: string;
  sections: ReportSection[];
}

/** Name of the report-number field in the second table. */
export const REPORT_NUMBER_FIELD = 'ReportNumber';
/** Name of the query-date field in the second table. */
export const REPORT_DATE_FIELD = 'QueryDate';
/** Tables that are never shown as sections. */
export const SKIPPED_TABLES = ['description', 'summary'] as const;
/** Serial-number columns are omitted. */
export const SERIAL_COLUMNS = ['序号', 'XH', 'RowNum', 'rownum'] as const;
/** The social-insurance table: latest month only, blanks as 0, no item count. */
export const SOCIAL_INSURANCE_TABLE = 'SocialInsurance';
export const SOCIAL_INSURANCE_COLUMNS = ['缴费单位', '缴费时间', '险种', '个人缴费金额', '单位缴费金额'] as const;
const AMOUNT_COLUMNS = new Set<string>(['个人缴费金额', '单位缴费金额']);

/** Strips a Chinese ordinal prefix: '一、公安信息' → '公安信息', '（二）户籍' → '户籍'. */
export function stripOrdinal(title: string): string {
  // An ordinal is numerals in brackets, or numerals followed by a separator; bare numerals are words.
  return title
    .replace(/^\s*(?:[（(][一二三四五六七八九十百零〇\d]+[)）]|[一二三四五六七八九十百零〇]+\s*[、.．:：])\s*/, '')
    .replace(/^\s*\d+\s*[、.．]\s*/, '')
    .trim();
}

const cellText = (value: ReportRow[string] | undefined): string =>
  value === null || value === undefined ? '' : String(value).trim();

function tableRows(
  table: ReportTable | undefined,
  columnsHint?: readonly string[],
): { columns: string[]; rows: Array<Record<string, string>> } {
  if (!table || table.Rows.length === 0) return { columns: columnsHint ? [...columnsHint] : [], rows: [] };
  const serial = new Set<string>(SERIAL_COLUMNS);
  const columns = columnsHint ? [...columnsHint] : Object.keys(table.Rows[0]!).filter((column) => !serial.has(column));
  const rows = table.Rows.map((row) => Object.fromEntries(columns.map((column) => [column, cellText(row[column])])));
  return { columns, rows };
}

function socialInsuranceRows(table: ReportTable | undefined): {
  columns: string[];
  rows: Array<Record<string, string>>;
  insurance: InsuranceMonth[];
} {
  const { columns, rows } = tableRows(table, SOCIAL_INSURANCE_COLUMNS);
  const latest = rows.reduce((max, row) => (row['缴费时间']! > max ? row['缴费时间']! : max), '');
  const kept = rows
    .filter((row) => row['缴费时间'] === latest)
    .map((row) => Object.fromEntries(columns.map((c) => [c, AMOUNT_COLUMNS.has(c) && row[c] === '' ? '0' : row[c]!])));
  const byPayer = new Map<string, InsuranceMonth>();
  for (const row of kept) {
    const payer = row['缴费单位']!;
    let month = byPayer.get(payer);
    if (!month) {
      month = { payer, paymentTime: row['缴费时间']!, items: [] };
      byPayer.set(payer, month);
    }
    month.items.push({ coverage: row['险种']!, personal: row['个人缴费金额']!, unit: row['单位缴费金额']! });
  }
  return { columns, rows: kept, insurance: [...byPayer.values()] };
}

function asConfigRow(row: ReportRow): ReportConfigRow {
  return {
    SourceTableENName: cellText(row.SourceTableENName),
    VersionCode: cellText(row.VersionCode),
    SortName: cellText(row.SortName),
    SourceTableName: cellText(row.SourceTableName),
    SortGrade: cellText(row.SortGrade).toUpperCase(),
    DisplayMode: cellText(row.DisplayMode),
  };
}

/**
 * Builds the report's sections from its tables (spec §3): the first table configures sections
 * (grade I rows) and their items (grade III rows, each naming its data table); the second holds
 * the report number. Rows of other grades are headings only and carry no data.
 */
export function buildReportSections(report: ReportTables, versionCode = 'C'): BuiltReport {
  const [configTable, numberTable, ...dataTables] = report.Tables;
  const byName = new Map(dataTables.map((table) => [table.TableName, table]));
  const skipped = new Set<string>(SKIPPED_TABLES);
  const reportNumber = cellText(numberTable?.Rows[0]?.[REPORT_NUMBER_FIELD]);
  const queryDate = cellText(numberTable?.Rows[0]?.[REPORT_DATE_FIELD]);

  const sections: ReportSection[] = [];
  let current: ReportSection | undefined;

  for (const config of (configTable?.Rows ?? []).map(asConfigRow)) {
    if (config.VersionCode && config.VersionCode !== versionCode) continue;
    if (skipped.has(config.SourceTableENName.toLowerCase())) {
      // A skipped section takes its items with it.
      if (config.SortGrade === 'I') current = undefined;
      continue;
    }
    if (config.SortGrade === 'I') {
      current = {
        key: config.SourceTableENName || config.SortName,
        title: stripOrdinal(config.SortName),
        items: [],
        count: 0,
        showCount: false,
        empty: true,
      };
      sections.push(current);
      continue;
    }
    if (config.SortGrade !== 'III' || !current) continue;
    const isSocial = config.SourceTableENName === SOCIAL_INSURANCE_TABLE;
    // Data tables are named by the config row's English name (the Chinese name is accepted too).
    const table = byName.get(config.SourceTableENName) ?? byName.get(config.SourceTableName);
    const item: ReportItem = {
      key: config.SourceTableENName,
      title: stripOrdinal(config.SortName || config.SourceTableName),
      displayMode: config.DisplayMode === '1' ? '1' : '2',
      columns: [],
      rows: [],
      showCount: false,
    };
    if (isSocial) {
      const built = socialInsuranceRows(table);
      Object.assign(item, { columns: built.columns, rows: built.rows, insurance: built.insurance });
    } else {
      const built = tableRows(table);
      Object.assign(item, { columns: built.columns, rows: built.rows, showCount: built.rows.length > 1 });
      // Social insurance is shown without a count, so only other rows are counted.
      current.count += built.rows.length;
    }
    current.items.push(item);
  }
  for (const section of sections) {
    section.empty = section.items.every((item) => item.rows.length === 0);
    section.showCount = section.count > 1;
  }
  return { reportNumber, queryDate, sections };
}

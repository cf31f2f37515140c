import type { Database } from 'better-sqlite3';
import { SPECIAL_REPORT_AREAS, type PenaltySeverity, type ReportContentSection } from '@credit-portal/shared';

/*
 * What the 专项信用报告 checks in each area the applicant chose, following 发改财金〔2025〕565号,
 * part 一 (夯实专项信用报告数据基础): the report covers at least the administrative penalties —
 * those decided by the simplified procedure (简易程序) included — the 行政强制, the 严重失信主体名单
 * and the criminal judgments. Unlike the enterprise report, which shows what is in publicity, the
 * special report replaces the departments' 无违法违规记录证明, so every penalty an area's departments
 * decided in the period is searched: 轻微 (warnings by the simplified procedure, never published),
 * those past their publicity period and the repaired ones (marked 已修复) alike. What the platform
 * does not hold (行政强制, criminal judgments) is named as not searched. docs/SPECIAL-REPORT.md.
 */

/** Rows of the penalty section, bounded against outliers. */
const PENALTY_LIMIT = 500;

/** One chosen area as the report checked it; stored in the content as issued. */
export interface SpecialAreaCheck {
  area: string;
  dept: string;
  /** The words of the departments' names searched in each penalty's 处罚机关. */
  match: string;
  /** Penalties decided in the period by the area's departments, all kinds. */
  penalties: number;
  /** Of them: 轻微 (simplified procedure, never published). */
  minor: number;
  /** Of them: past their publicity period (not repaired). */
  pastPublicity: number;
  /** Of them: repaired (已修复). */
  repaired: number;
  /** The area's result in words, from what was found. */
  result: string;
}

interface SpecialPenaltyRow {
  CF_WSH: string;
  CF_CFLB: string;
  CF_WFXW: string;
  CF_JDRQ: string;
  CF_CFJG: string;
  CF_GSJZQ: string;
  CF_ZT: string;
  severity: PenaltySeverity;
  repaired_on: string | null;
}

/** What the notes say of the basis and reach of the search (printed in the PDF's 说明). */
export const SPECIAL_REPORT_NOTES = [
  '查询依据：《国家发展改革委 公安部 国家数据局关于全面推行以专项信用报告替代有无违法违规记录证明的通知》（发改财金〔2025〕565号）第一部分“夯实专项信用报告数据基础”：专项信用报告应至少涵盖行政处罚（含简易程序作出的行政处罚）、行政强制、严重失信主体名单和刑事裁判（犯罪记录）等信息。',
  '行政处罚按所选领域逐一查询：列示该领域主管部门（按处罚机关名称匹配）在报告期内对本主体作出的全部行政处罚，不论是否仍在公示期，含简易程序作出的轻微违法行为处罚（依规不予公示）、已过公示期和已完成信用修复的记录（标注“已修复”）；“未发现行政处罚记录”仅指上述查询未发现记录。未列示以自然人名义受到的处罚；不予行政处罚的决定不是行政处罚，不在查询之列。',
  '本平台未归集行政强制和刑事裁判（犯罪记录）信息，本报告未查询该两类信息；需要时请向有关机关申请。',
] as const;

/** 公示情况 of a penalty on `today`. */
function publicity(row: SpecialPenaltyRow, today: string): string {
  if (row.repaired_on !== null) return '已修复（不再公示）';
  if (row.severity === '轻微') return '轻微违法，依规不予公示';
  if (row.CF_GSJZQ < today) return '已过公示期';
  return row.CF_ZT === '正常' ? '公示中' : `公示中（${row.CF_ZT}）`;
}

/** An area's result in words: never 无违法违规记录, only what the search found. */
function areaResult(hits: readonly SpecialPenaltyRow[], today: string): string {
  if (hits.length === 0) return '未发现行政处罚记录';
  const kinds = (['严重', '一般', '轻微'] as const)
    .map((severity) => [severity, hits.filter((row) => row.severity === severity).length] as const)
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => `${severity} ${count} 条`);
  const past = hits.filter((row) => row.repaired_on === null && row.severity !== '轻微' && row.CF_GSJZQ < today).length;
  const repaired = hits.filter((row) => row.repaired_on !== null).length;
  const states = [past > 0 ? `已过公示期 ${past} 条` : '', repaired > 0 ? `已修复 ${repaired} 条` : ''].filter(Boolean);
  return `行政处罚 ${hits.length} 条（${kinds.join('、')}${states.length > 0 ? `；其中${states.join('、')}` : ''}）`;
}

export function createSpecialReportReader(db: Database) {
  const penalties = db.prepare(
    `SELECT CF_WSH, CF_CFLB, CF_WFXW, CF_JDRQ, CF_CFJG, CF_GSJZQ, CF_ZT, severity, repaired_on
     FROM penalties WHERE entity_id = @entity AND CF_XDR_LB <> '自然人' AND CF_JDRQ BETWEEN @from AND @to
     ORDER BY CF_JDRQ DESC, id DESC`,
  );

  /**
   * The chosen areas checked (in the order of SPECIAL_REPORT_AREAS) and the penalty section of
   * their departments' penalties in the period; `areas` are known names (specialAreasRefusal).
   */
  function check(input: { entity: number; from: string; to: string; today: string; areas: readonly string[] }): {
    areas: SpecialAreaCheck[];
    penaltySection: ReportContentSection;
  } {
    const chosen = SPECIAL_REPORT_AREAS.filter((area) => input.areas.includes(area.area));
    const rows = penalties.all(input) as SpecialPenaltyRow[];
    const listed: string[][] = [];
    const areas = chosen.map((area): SpecialAreaCheck => {
      const hits = rows.filter((row) => row.CF_CFJG.includes(area.match));
      for (const row of hits) {
        if (listed.length >= PENALTY_LIMIT) break;
        listed.push([
          String(listed.length + 1),
          area.area,
          row.CF_WSH,
          row.CF_CFLB,
          row.CF_WFXW,
          row.CF_JDRQ,
          row.CF_CFJG,
          row.severity,
          publicity(row, input.today),
        ]);
      }
      return {
        area: area.area,
        dept: area.dept,
        match: area.match,
        penalties: hits.length,
        minor: hits.filter((row) => row.severity === '轻微').length,
        pastPublicity: hits.filter(
          (row) => row.repaired_on === null && row.severity !== '轻微' && row.CF_GSJZQ < input.today,
        ).length,
        repaired: hits.filter((row) => row.repaired_on !== null).length,
        result: areaResult(hits, input.today),
      };
    });
    return {
      areas,
      penaltySection: {
        title: '所选领域行政处罚信息',
        columns: ['序号', '领域', '决定文书号', '处罚类别', '违法行为', '决定日期', '处罚机关', '违法程度', '公示情况'],
        rows: listed,
        emptyText: '报告期内所选领域未发现行政处罚记录（含轻微、已过公示期和已修复的记录）',
      },
    };
  }

  return { check };
}

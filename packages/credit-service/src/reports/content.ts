import type { Database } from 'better-sqlite3';
import type { ReportContentSection, ReportFindings, ReportType } from '@credit-portal/shared';
import type { SiteIdentity } from '../lib/site.js';
import { createEntityDetailRepository } from '../repositories/entity-details.js';
import { createPublicStandingRepository } from '../repositories/public-standing.js';
import { createSpecialReportReader, SPECIAL_REPORT_NOTES, type SpecialAreaCheck } from './special.js';

/*
 * What a report says, gathered from the database for one entity and period: its registration,
 * licences decided in the period, penalties decided in the period that are still within their
 * publicity period (repaired ones included and marked 已修复), red and black list entries in force
 * at some time in the period, published promises made in it, and the entity's standing on every
 * other public list (publicStanding, as the details page shows it: as of the day of issue, not
 * limited to the period, since a listing made before the period may still be in force). Stored as
 * issued (canonical JSON), so a verification and the third-party check show exactly what the PDF
 * said; reports issued before the public lists were added keep their content and verify by it.
 * A 专项信用报告 checks the areas its applicant chose (special.ts) instead: every penalty of the
 * areas' departments in the period, 轻微 and past publicity included; the ones issued before the
 * areas were chosen keep their content (no `areas`, all areas, publicized penalties only).
 */

/** Rows per section: an entity's whole record, bounded against outliers. */
const SECTION_LIMIT = 500;

/** What the report's own sections search, before the public lists: the 查询范围 starts with these. */
const CORE_SOURCES = ['行政许可', '行政处罚', '守信激励（红名单）', '失信惩戒（黑名单）', '信用承诺'] as const;

export interface ReportEntity {
  id: string;
  name: string;
  creditCode: string;
}

/** The report's content as issued; stored canonically and signed (see signing.ts). */
export interface ReportContent {
  reportNo: string;
  reportType: ReportType;
  generatedAt: string;
  periodFrom: string;
  periodTo: string;
  entity: ReportEntity;
  basicInfo: { label: string; value: string }[];
  /** 专项信用报告 only: the conclusion in one paragraph. */
  conclusion: string;
  sections: ReportContentSection[];
  findings: ReportFindings;
  summary: string[];
  /**
   * 查询范围: every source searched, the public lists as 名称（发布单位）. Absent from the reports
   * issued before it was printed.
   */
  scope?: string[];
  /**
   * 专项信用报告: the chosen areas as checked (special.ts). Absent from the reports issued before
   * the applicant chose areas (those checked every area, publicized penalties only, and say so in
   * their conclusion and notes as printed then).
   */
  areas?: SpecialAreaCheck[];
  /** 专项信用报告: the basis and reach of the search, printed in 说明. Absent from the reports issued before. */
  notes?: string[];
}

interface PenaltyRow {
  CF_WSH: string;
  CF_CFLB: string;
  CF_WFXW: string;
  CF_NR: string;
  CF_JDRQ: string;
  CF_CFJG: string;
  CF_GSJZQ: string;
  state: string;
}

interface ListRow {
  list_type: string;
  list_name: string;
  reason: string;
  authority: string;
  included_on: string;
  valid_until: string;
}

/** （其中轻微 …、已过公示期 …、已修复 … 条）, the parts that are not zero; empty when all are. */
function penaltyDetail(minor: number, past: number, repaired: number): string {
  const parts = [
    minor > 0 ? `轻微 ${minor} 条` : '',
    past > 0 ? `已过公示期 ${past} 条` : '',
    repaired > 0 ? `已修复 ${repaired} 条` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `（其中${parts.join('、')}）` : '';
}

export function createReportContentReader(db: Database, site: SiteIdentity) {
  const details = createEntityDetailRepository(db, site);
  const standing = createPublicStandingRepository(db, site);
  const special = createSpecialReportReader(db);
  const licences = db.prepare(
    `SELECT XK_WSH, XK_XKZS, XK_XKLB, XK_JDRQ, XK_YXQZI, XK_XKJG FROM licences
     WHERE entity_id = @entity AND XK_JDRQ BETWEEN @from AND @to ORDER BY XK_JDRQ DESC, id DESC LIMIT ${SECTION_LIMIT}`,
  );
  // Within the publicity period: not 轻微 and the deadline not passed; repaired ones stay in the
  // report, marked, as the centre's record of the repair.
  const penalties = db.prepare(
    `SELECT CF_WSH, CF_CFLB, CF_WFXW, CF_NR, CF_JDRQ, CF_CFJG, CF_GSJZQ,
       CASE WHEN repaired_on IS NOT NULL THEN '已修复' ELSE CF_ZT END AS state
     FROM penalties WHERE entity_id = @entity AND CF_XDR_LB <> '自然人' AND severity <> '轻微'
       AND CF_GSJZQ >= @today AND CF_JDRQ BETWEEN @from AND @to
     ORDER BY CF_JDRQ DESC, id DESC LIMIT ${SECTION_LIMIT}`,
  );
  const lists = db.prepare(
    `SELECT list_type, list_name, reason, authority, included_on, valid_until FROM red_black_list
     WHERE entity_id = @entity AND included_on <= @to AND valid_until >= @from
     ORDER BY included_on DESC, id DESC LIMIT ${SECTION_LIMIT}`,
  );
  const promises = db.prepare(
    `SELECT promise_type, content, promised_on FROM credit_promises
     WHERE entity_id = @entity AND status = '已公示' AND promised_on BETWEEN @from AND @to
     ORDER BY promised_on DESC, id DESC LIMIT ${SECTION_LIMIT}`,
  );

  /** The entity's name and code, or undefined for an unknown id. */
  function entity(id: string): ReportEntity | undefined {
    const info = details.baseInfo(id);
    return info ? { id: info.ID, name: info.EntName, creditCode: info.CreditCode } : undefined;
  }

  /** Gathers a report's content; undefined when the entity does not exist. */
  function read(input: {
    reportNo: string;
    reportType: ReportType;
    generatedAt: string;
    entityId: string;
    periodFrom: string;
    periodTo: string;
    today: string;
    /** 专项信用报告: the areas chosen, known names (specialAreasRefusal). */
    areas?: readonly string[];
  }): ReportContent | undefined {
    const info = details.baseInfo(input.entityId);
    if (!info) return undefined;
    const params = { entity: Number(info.ID), from: input.periodFrom, to: input.periodTo, today: input.today };
    const publicStanding = standing.publicStanding(params.entity, input.today);
    const publicLists = publicStanding?.lists ?? [];
    /** The adverse lists searched, with how many of the entity's records on each are in force. */
    const adverse = publicLists
      .filter((list) => list.Adverse)
      .map((list) => ({ ...list, inForce: list.Entries.filter((entry) => entry.InForce).length }));
    const listedOn = adverse.filter((list) => list.inForce > 0);
    const licenceRows = licences.all(params) as Record<string, string>[];
    const penaltyRows = penalties.all(params) as PenaltyRow[];
    const listRows = lists.all(params) as ListRow[];
    const promiseRows = promises.all(params) as Record<string, string>[];
    const red = listRows.filter((row) => row.list_type === 'red');
    const black = listRows.filter((row) => row.list_type === 'black');
    const checked = input.reportType === 'special' ? special.check({ ...params, areas: input.areas ?? [] }) : undefined;
    const areaChecks = checked?.areas ?? [];
    const sum = (of: (area: SpecialAreaCheck) => number) => areaChecks.reduce((total, area) => total + of(area), 0);
    const repaired = checked
      ? sum((area) => area.repaired)
      : penaltyRows.filter((row) => row.state === '已修复').length;
    const penaltyCount = checked ? sum((area) => area.penalties) : penaltyRows.length;
    const n = (i: number) => String(i + 1);

    const findings: ReportFindings = {
      licences: licenceRows.length,
      penalties: penaltyCount,
      repairedPenalties: repaired,
      redLists: red.length,
      blackLists: black.length,
      promises: promiseRows.length,
    };
    const summary = [
      `行政许可 ${findings.licences} 条`,
      checked
        ? `所选领域（${areaChecks.map((area) => area.area).join('、')}）行政处罚 ${penaltyCount} 条${penaltyDetail(
            sum((area) => area.minor),
            sum((area) => area.pastPublicity),
            repaired,
          )}`
        : `行政处罚 ${findings.penalties} 条${repaired > 0 ? `（其中已修复 ${repaired} 条）` : ''}`,
      `守信激励（红名单）${findings.redLists} 条`,
      `失信惩戒（黑名单）${findings.blackLists} 条`,
      `信用承诺 ${findings.promises} 条`,
      ...publicLists.map((list) => `${list.Label} ${list.Entries.length} 条`),
    ];

    const listSection = (title: string, rows: ListRow[], emptyText: string): ReportContentSection => ({
      title,
      columns: ['序号', '名单名称', '列入事由', '认定部门', '列入日期', '有效期至'],
      rows: rows.map((row, i) => [n(i), row.list_name, row.reason, row.authority, row.included_on, row.valid_until]),
      emptyText,
    });
    const penaltySection: ReportContentSection = {
      title: '行政处罚信息',
      columns: ['序号', '决定文书号', '处罚类别', '违法行为', '决定日期', '处罚机关', '公示截止', '状态'],
      rows: penaltyRows.map((row, i) => [
        n(i),
        row.CF_WSH,
        row.CF_CFLB,
        row.CF_WFXW,
        row.CF_JDRQ,
        row.CF_CFJG,
        row.CF_GSJZQ,
        row.state,
      ]),
      emptyText: '报告期内无公示期内的行政处罚信息',
    };
    const sections: ReportContentSection[] = [
      {
        title: '行政许可信息',
        columns: ['序号', '许可文书号', '许可证书名称', '许可类别', '决定日期', '有效期至', '许可机关'],
        rows: licenceRows.map((row, i) => [
          n(i),
          row.XK_WSH!,
          row.XK_XKZS!,
          row.XK_XKLB!,
          row.XK_JDRQ!,
          row.XK_YXQZI!,
          row.XK_XKJG!,
        ]),
        emptyText: '报告期内无行政许可信息',
      },
      checked?.penaltySection ?? penaltySection,
      listSection('守信激励信息（红名单）', red, '报告期内无红名单信息'),
      listSection('失信惩戒信息（黑名单）', black, '报告期内无黑名单信息'),
      {
        title: '信用承诺信息',
        columns: ['序号', '承诺类型', '承诺内容', '承诺日期'],
        rows: promiseRows.map((row, i) => [n(i), row.promise_type!, row.content!, row.promised_on!]),
        emptyText: '报告期内无公开的信用承诺',
      },
      ...publicLists.map((list): ReportContentSection => ({
        title: `${list.Label}（发布单位：${list.Source}）`,
        columns: ['序号', '记录内容', '文书（案）号', '决定机关', '列入日期', '有效期至', '状态'],
        rows: list.Entries.map((entry, i) => [
          n(i),
          entry.Matter,
          entry.DocNo || '—',
          entry.Authority,
          entry.ListedOn,
          entry.ValidUntil || '—',
          entry.State,
        ]),
        emptyText: `无（未被列入${list.Label}）`,
      })),
    ];

    let conclusion = '';
    if (checked) {
      const areaRows = areaChecks.map((area, i) => [n(i), area.area, area.dept, area.result]);
      areaRows.push([
        n(areaRows.length),
        '严重失信主体名单',
        '各认定部门',
        black.length === 0 ? '未被列入' : `被列入 ${black.length} 项`,
      ]);
      for (const list of adverse) {
        areaRows.push([
          n(areaRows.length),
          list.Label,
          list.Source,
          list.inForce === 0 ? '未被列入' : `被列入 ${list.inForce} 项`,
        ]);
      }
      sections.unshift({
        title: '所选领域查询结果',
        columns: ['序号', '领域', '主管部门', '查询结果'],
        rows: areaRows,
        emptyText: '',
      });
      // Worded from what was found, area by area; what was searched is said with it.
      const period = `在报告期内（${input.periodFrom}至${input.periodTo}）`;
      const byArea = areaChecks
        .map((area) => (area.penalties === 0 ? `${area.area}领域${area.result}` : `${area.area}领域有${area.result}`))
        .join('；');
      const blackText =
        black.length === 0 ? '未被列入严重失信主体名单' : `被列入失信惩戒（严重失信主体）名单 ${black.length} 项`;
      const listed =
        listedOn.length > 0
          ? `截至报告生成时被列入${listedOn.map((list) => `${list.Label} ${list.inForce} 项`).join('、')}`
          : '截至报告生成时未被列入上述公示名单';
      conclusion =
        `经查询，${info.EntName}${period}：${byArea}；${blackText}；${listed}。` +
        '上述行政处罚查询含简易程序作出的轻微违法行为处罚、已过公示期和已修复的记录，未查询行政强制和刑事裁判（犯罪记录）信息，详见说明。';
    }

    return {
      reportNo: input.reportNo,
      reportType: input.reportType,
      generatedAt: input.generatedAt,
      periodFrom: input.periodFrom,
      periodTo: input.periodTo,
      entity: { id: info.ID, name: info.EntName, creditCode: info.CreditCode },
      basicInfo: [
        { label: '企业名称', value: info.EntName },
        { label: '统一社会信用代码', value: info.CreditCode },
        { label: '主体类型', value: info.EntType },
        { label: '登记状态', value: info.Status },
        { label: '法定代表人（负责人）', value: info.LegalRep },
        { label: '成立日期', value: info.SetUpDate },
        { label: '登记机关', value: info.RegAuthority },
        { label: '住所', value: info.Address },
      ],
      conclusion,
      sections,
      findings,
      summary,
      scope: [...CORE_SOURCES, ...(publicStanding?.searched ?? [])],
      ...(checked ? { areas: areaChecks, notes: [...SPECIAL_REPORT_NOTES] } : {}),
    };
  }

  return { entity, read };
}

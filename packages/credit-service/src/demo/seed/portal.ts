import type { Database } from 'better-sqlite3';
import type { InteractionStatus, InteractionType } from '@credit-portal/shared';
import { Random, mixSeed } from '../../lib/random.js';
import { dayNumber, formatDay, withTime } from '../../lib/dates.js';
import {
  ANNUAL_REPORTS,
  BANKS,
  GUIDES,
  GUIDE_CONTACT,
  LENDING_STATS,
  MESSAGE_TEMPLATES,
  PRODUCTS,
  REPORT_FIGURES,
  SURNAMES,
  type AnnualReportText,
  type MessageTemplate,
} from './portal-texts.js';
import { SEED_AS_OF } from './publicity.js';
import { CITY, DISTRICTS } from '../place.js';

/*
 * The data of the main portal's own pages (migration 5): interaction messages drawn from the
 * seeded PRNG, and the fixed lending, guide and annual-report texts. Written with the rest of a
 * new data set by writeSeed, and into an older database (migrated to version 5, tables empty)
 * when the service starts.
 */

export interface InteractionRow {
  id: number;
  code: string;
  type: InteractionType;
  title: string;
  content: string;
  asker: string;
  createdAt: string;
  dept: string;
  status: InteractionStatus;
  reply: string | null;
  repliedAt: string | null;
  satisfaction: '满意' | '基本满意' | '不满意' | null;
  isPublic: boolean;
}

/** Messages in a data set. */
export const INTERACTION_COUNT = 260;
const INTERACTION_SALT = 0x4d51;
const FIRST_DAY = dayNumber('2024-01-01');
const LAST_DAY = dayNumber(SEED_AS_OF);
/** Messages this recent may still be in hand. */
const OPEN_WINDOW_DAYS = 20;

const fillTemplate = (text: string, random: Random, district: string): string =>
  text.replaceAll('{区}', district).replaceAll('{数}', () => String(random.between(12, 60)));

/** A writer's name as the lists show it. */
function maskedAsker(random: Random): string {
  const surname = random.pick(SURNAMES);
  return random.weighted([
    [`${surname}**`, 6],
    [`${surname}先生`, 2],
    [`${surname}女士`, 2],
  ]);
}

/** Office hours, in seconds of the day: 08:30–17:30. */
const officeSeconds = (random: Random): number => random.between(8 * 3600 + 1800, 17 * 3600 + 1800);

/**
 * A message no earlier one has the title of: a template drawn at random, then its titles in each
 * district from a random start, the first one still free; when a template has none left, the next
 * template. (A list where the same question appears ten times under one title reads as made up.)
 */
function freshMessage(
  random: Random,
  usedTitles: Set<string>,
): { template: MessageTemplate; title: string; district: string } {
  const first = random.int(MESSAGE_TEMPLATES.length);
  for (let k = 0; k < MESSAGE_TEMPLATES.length; k++) {
    const template = MESSAGE_TEMPLATES[(first + k) % MESSAGE_TEMPLATES.length]!;
    const options = [template.title, ...template.variants].flatMap((title) =>
      title.includes('{区}')
        ? DISTRICTS.map((d) => ({ title: fillTemplate(title, random, d.name), district: d.name }))
        : [{ title, district: random.pick(DISTRICTS).name }],
    );
    const start = random.int(options.length);
    for (let j = 0; j < options.length; j++) {
      const option = options[(start + j) % options.length]!;
      if (usedTitles.has(option.title)) continue;
      usedTitles.add(option.title);
      return { template, ...option };
    }
  }
  throw new RangeError(`more interaction messages than distinct titles (${usedTitles.size})`);
}

/** Every interaction message of the data set, oldest first, numbered per day (HD + date + serial). */
export function interactionRows(seed: number): InteractionRow[] {
  const drafts = Array.from({ length: INTERACTION_COUNT }, (_, i) => {
    const random = new Random(mixSeed(seed, INTERACTION_SALT, i));
    // More messages in the later years: the portal became better known.
    const day = FIRST_DAY + Math.floor(Math.sqrt(random.float()) * (LAST_DAY - FIRST_DAY + 1));
    const second = random.between(7 * 3600, 22 * 3600);
    return { random, day, second, order: i };
  }).sort((a, b) => a.day - b.day || a.second - b.second || a.order - b.order);

  const perDay = new Map<number, number>();
  const usedTitles = new Set<string>();
  return drafts.map(({ random, day, second }, index) => {
    const { template, title, district } = freshMessage(random, usedTitles);
    const serial = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, serial);
    const date = formatDay(day);
    const replyDay =
      day +
      random.weighted([
        [1, 2],
        [2, 4],
        [3, 5],
        [4, 4],
        [5, 3],
        [7, 2],
        [10, 1],
        [14, 1],
      ]);
    const open = replyDay > LAST_DAY || (LAST_DAY - day < OPEN_WINDOW_DAYS && random.chance(0.6));
    const satisfaction = open
      ? null
      : random.weighted<InteractionRow['satisfaction']>([
          ['满意', 14],
          ['基本满意', 5],
          ['不满意', 1],
          [null, 5],
        ]);
    return {
      id: index + 1,
      code: `HD${date.replaceAll('-', '')}${String(serial).padStart(3, '0')}`,
      type: template.type,
      title,
      content: fillTemplate(template.content, random, district),
      asker: maskedAsker(random),
      createdAt: withTime(date, second),
      dept: template.dept,
      status: open ? 'processing' : 'replied',
      reply: open ? null : fillTemplate(template.reply, random, district),
      repliedAt: open ? null : withTime(formatDay(replyDay), officeSeconds(random)),
      satisfaction,
      isPublic: !random.chance(template.privateShare ?? 0),
    };
  });
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

const formatFigure = (value: number, unit: string): string =>
  `${Number.isInteger(value) ? value.toLocaleString('en-US') : value}${unit}`;

/** The chapters of a year's report: the figures of the year woven into its milestones. */
export function annualReportSections(report: AnnualReportText): { heading: string; html: string }[] {
  const v = report.values;
  const f = (key: keyof typeof v) => formatFigure(v[key], REPORT_FIGURES.find((fig) => fig.key === key)!.unit);
  const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const { milestones } = report;
  return [
    {
      heading: '一、总体情况',
      // The summary opens the report itself; the chapter goes on with the year's figures.
      html: p(
        `全年归集公共信用信息累计达${f('records')}，“双公示”信息${f('disclosures')}；出具信用报告${f('reports')}，办结信用修复${f('repairs')}、信用异议${f('objections')}；“信用云州”网站访问量${f('visits')}。`,
      ),
    },
    {
      heading: '二、信用信息归集共享',
      html: p(`${report.year}年，${CITY.name}持续完善公共信用信息归集共享机制。`) + list(milestones.sharing),
    },
    {
      heading: '三、信用监管',
      html: p('以信用为基础的新型监管机制不断健全，守信激励和失信惩戒更加精准有效。') + list(milestones.supervision),
    },
    {
      heading: '四、信用服务与应用',
      html:
        p(`信用服务便民利企，“信易贷”累计放款${f('loans')}，市场主体签署信用承诺书${f('commitments')}。`) +
        list(milestones.services),
    },
    {
      heading: '五、诚信文化建设',
      html: p('诚信宣传教育深入开展，全社会诚信意识持续提升。') + list(milestones.culture),
    },
    { heading: `六、${report.year + 1}年工作安排`, html: list(milestones.next) },
  ];
}

function inserter(db: Database, table: string, columns: readonly string[]) {
  const statement = db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return (values: readonly unknown[]) => statement.run(...values);
}

const isEmpty = (db: Database, table: string): boolean =>
  db.prepare(`SELECT NOT EXISTS (SELECT 1 FROM ${table})`).pluck().get() === 1;

/** What was written, table by table (tables that already held rows are left alone and count 0). */
export interface PortalSeedSummary {
  interactions: number;
  banks: number;
  products: number;
  guides: number;
  annualReports: number;
}

/**
 * Writes the portal pages' data into every one of its tables that is still empty. The caller
 * decides the transaction: writeSeed runs it inside its own, ensurePortalSeed wraps it.
 */
export function writePortalSeed(db: Database, seed: number): PortalSeedSummary {
  const summary: PortalSeedSummary = { interactions: 0, banks: 0, products: 0, guides: 0, annualReports: 0 };
  if (isEmpty(db, 'interaction_messages')) {
    const insert = inserter(db, 'interaction_messages', [
      'id',
      'code',
      'type',
      'title',
      'content',
      'asker',
      'created_at',
      'dept',
      'status',
      'reply',
      'replied_at',
      'satisfaction',
      'is_public',
    ]);
    for (const m of interactionRows(seed)) {
      insert([
        m.id,
        m.code,
        m.type,
        m.title,
        m.content,
        m.asker,
        m.createdAt,
        m.dept,
        m.status,
        m.reply,
        m.repliedAt,
        m.satisfaction,
        m.isPublic ? 1 : 0,
      ]);
      summary.interactions++;
    }
  }
  if (isEmpty(db, 'lending_banks')) {
    const bank = inserter(db, 'lending_banks', ['code', 'name', 'short_name', 'hotline', 'sort_order']);
    BANKS.forEach((b, i) => bank([b.code, b.name, b.shortName, b.hotline, i + 1]));
    summary.banks = BANKS.length;
    const stat = inserter(db, 'lending_stats', ['key', 'label', 'value', 'unit', 'sort_order']);
    LENDING_STATS.forEach((s, i) => stat([s.key, s.label, s.value, s.unit, i + 1]));
  }
  if (isEmpty(db, 'lending_products')) {
    const product = inserter(db, 'lending_products', [
      'id',
      'bank_code',
      'name',
      'category',
      'max_amount',
      'rate_min',
      'rate_max',
      'term_months',
      'guarantee',
      'target',
      'features',
      'requirements',
      'sort_order',
    ]);
    PRODUCTS.forEach((p, i) =>
      product([
        `P${String(i + 1).padStart(3, '0')}`,
        p.bank,
        p.name,
        p.category,
        p.maxAmount,
        p.rateMin,
        p.rateMax,
        p.termMonths,
        p.guarantee,
        p.target,
        JSON.stringify(p.features),
        JSON.stringify(p.requirements),
        i + 1,
      ]),
    );
    summary.products = PRODUCTS.length;
  }
  if (isEmpty(db, 'service_guides')) {
    const guide = inserter(db, 'service_guides', ['id', 'title', 'category', 'summary', 'detail', 'sort_order']);
    GUIDES.forEach((g, i) => {
      const { title, category, summary: text, ...rest } = g;
      guide([
        `G${String(i + 1).padStart(3, '0')}`,
        title,
        category,
        text,
        JSON.stringify({ ...rest, ...GUIDE_CONTACT }),
        i + 1,
      ]);
    });
    summary.guides = GUIDES.length;
  }
  if (isEmpty(db, 'annual_reports')) {
    const report = inserter(db, 'annual_reports', ['year', 'title', 'release_date', 'summary', 'figures', 'sections']);
    for (const r of ANNUAL_REPORTS) {
      const figures = REPORT_FIGURES.map((fig) => ({ ...fig, value: r.values[fig.key] }));
      report([
        r.year,
        `${CITY.name}社会信用体系建设${r.year}年度报告`,
        r.releaseDate,
        r.summary,
        JSON.stringify(figures),
        JSON.stringify(annualReportSections(r)),
      ]);
    }
    summary.annualReports = ANNUAL_REPORTS.length;
  }
  return summary;
}

/**
 * Fills the portal tables of a database seeded before migration 5, with the data set's own
 * PRNG seed; does nothing on a database without a data set (writeSeed will fill it).
 */
export function ensurePortalSeed(db: Database): PortalSeedSummary | null {
  const seed = db.prepare('SELECT seed FROM dataset WHERE id = 1').pluck().get() as number | undefined;
  if (seed === undefined) return null;
  return db.transaction(() => writePortalSeed(db, seed))();
}

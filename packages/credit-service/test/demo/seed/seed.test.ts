import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECTIONS,
  ENTITY_STATUSES,
  SOLE_PROPRIETOR_MARK,
  isValidCreditCode,
  isValidIdNumber,
} from '@credit-portal/shared';
import { SEED_AS_OF, generateSeed, seedCounts, type SeedData } from '../../../src/demo/seed/generate.js';
import { addMonths, dayNumber, formatDay, yearOf } from '../../../src/lib/dates.js';
import { PINNED_WITHIN_DAYS } from '../../../src/demo/seed/content.js';
import { interactionRows } from '../../../src/demo/seed/portal.js';
import { SHOP_TRADES } from '../../../src/demo/seed/vocabulary.js';

const small = { seed: 42, entities: 2000 };
const data: SeedData = generateSeed(small);

describe('generateSeed', () => {
  it('gives identical data for the same seed and different data for another seed', () => {
    expect(generateSeed(small)).toEqual(data);
    const other = generateSeed({ ...small, seed: 43 });
    expect(other.entities.map((e) => e.name)).not.toEqual(data.entities.map((e) => e.name));
    expect(other.entities.map((e) => e.creditCode)).not.toEqual(data.entities.map((e) => e.creditCode));
    expect(other.penalties.map((p) => p.CF_WSH)).not.toEqual(data.penalties.map((p) => p.CF_WSH));
  });

  it('sizes licences and penalties by the entity count', () => {
    expect(data.entities).toHaveLength(2000);
    expect(data.licences).toHaveLength(seedCounts(2000).licences);
    expect(data.penalties).toHaveLength(seedCounts(2000).penalties);
  });

  it('rejects out-of-range options', () => {
    expect(() => generateSeed({ seed: -1, entities: 10 })).toThrow(RangeError);
    expect(() => generateSeed({ seed: 1, entities: 0 })).toThrow(RangeError);
    expect(() => generateSeed({ seed: 1.5, entities: 10 })).toThrow(RangeError);
  });

  it('gives every entity a valid, unique unified social credit code of the city', () => {
    const codes = data.entities.map((e) => e.creditCode);
    expect(codes.filter((code) => !isValidCreditCode(code))).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => code.slice(2, 6) === '3502')).toBe(true);
  });

  it('gives entities unique names, all four statuses and sole proprietors', () => {
    const names = data.entities.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(data.entities.map((e) => e.status))).toEqual(new Set(ENTITY_STATUSES));
    const soleProprietors = data.entities.filter((e) => e.entType.includes(SOLE_PROPRIETOR_MARK));
    expect(soleProprietors.length).toBeGreaterThan(0);
    for (const e of soleProprietors) {
      expect(e.creditCode.startsWith('92')).toBe(true);
      expect(e.name).toMatch(/^云州市.{2}区/);
      expect(
        SHOP_TRADES.some((trade) => e.name.endsWith(trade)),
        e.name,
      ).toBe(true);
    }
    expect(data.entities.filter((e) => e.status === '存续').length / data.entities.length).toBeGreaterThan(0.7);
    const types = new Set(data.entities.map((e) => e.entType));
    for (const type of ['有限责任公司(自然人投资或控股)', '股份有限公司(非上市)', '农民专业合作社', '个人独资企业']) {
      expect(types).toContain(type);
    }
    expect(data.entities.every((e) => e.setupDate >= '1995-01-01' && e.setupDate <= '2025-12-31')).toBe(true);
    expect(data.entities.every((e) => /^[\u4e00-\u9fa5]{2,3}$/.test(e.legalRep))).toBe(true);
  });

  it('builds licences in the national field layout with believable numbers', () => {
    for (const licence of data.licences) {
      const entity = data.entities[licence.entityId - 1]!;
      expect(licence.XK_XDR_MC).toBe(entity.name);
      expect(licence.XK_XDR_SHXYM).toBe(entity.creditCode);
      expect(licence.XK_WSH).toMatch(/^.+〔20\d\d〕\d+号$/);
      expect(licence.XK_YXQZI >= licence.XK_YXQZ).toBe(true);
      expect(isValidCreditCode(licence.XK_XKJGDM)).toBe(true);
      expect(licence.XK_LYDW).toMatch(/局|委员会|支队|大队/);
    }
  });

  it('publicizes penalties by severity: 轻微 never, 一般 3 months to 1 year, 严重 1 to 3 years', () => {
    for (const penalty of data.penalties) {
      const { CF_JDRQ: date, CF_GSJZQ: deadline, severity } = penalty;
      if (severity === '轻微') {
        expect(deadline).toBe(date);
        expect(penalty.repairedOn).toBeNull();
      } else {
        const [min, max] = severity === '一般' ? [3, 12] : [12, 36];
        expect(deadline >= addMonths(date, min) && deadline <= addMonths(date, max), penalty.CF_WSH).toBe(true);
      }
      if (penalty.repairedOn) {
        expect(penalty.repairedOn > date && penalty.repairedOn <= deadline).toBe(true);
        expect(penalty.repairedOn <= SEED_AS_OF).toBe(true);
      }
      expect(penalty.CF_NR_FK).toMatch(/^\d+(\.\d+)?$/);
      expect(penalty.CF_YJ).toMatch(/^《.+》/);
    }
    // Simple procedure (简罚) and warnings alone are minor.
    const minor = data.penalties.filter((p) => p.severity === '轻微');
    expect(minor.some((p) => p.CF_WSH.includes('简罚'))).toBe(true);
    expect(minor.some((p) => p.CF_CFLB === '警告' && p.CF_NR_FK === '0')).toBe(true);
    expect(new Set(data.penalties.map((p) => p.severity))).toEqual(new Set(['轻微', '一般', '严重']));
    expect(data.penalties.some((p) => p.CF_GSJZQ < '2026-01-01')).toBe(true);
    expect(data.penalties.some((p) => p.CF_GSJZQ > '2027-01-01')).toBe(true);
    expect(data.penalties.some((p) => p.repairedOn !== null)).toBe(true);
    expect(new Set(data.penalties.map((p) => p.CF_ZT))).toEqual(new Set(['正常', '信用修复中', '异议处理中']));
  });

  it('penalizes sole proprietors and natural persons, the latter with a valid ID number and no codes', () => {
    const persons = data.penalties.filter((p) => p.CF_XDR_LB === '自然人');
    expect(persons.length).toBeGreaterThan(0);
    for (const p of persons) {
      expect(p.CF_XDR_ZJLX).toBe('身份证');
      expect(isValidIdNumber(p.CF_XDR_ZJHM)).toBe(true);
      expect([p.CF_XDR_SHXYM, p.CF_XDR_ZZJG, p.CF_FRDB]).toEqual(['', '', '']);
    }
    expect(data.penalties.some((p) => p.CF_XDR_LB === '个体工商户')).toBe(true);
    expect(data.penalties.filter((p) => p.CF_XDR_LB !== '自然人').every((p) => p.CF_XDR_ZJHM === '')).toBe(true);
  });

  it('dates licences and penalties relative to the as-of day, with the same draws', () => {
    const later = generateSeed({ ...small, entities: 300, asOf: addMonths(SEED_AS_OF, 3) });
    const base = generateSeed({ ...small, entities: 300 });
    const shift = (a: string, b: string) => (Date.parse(a) - Date.parse(b)) / 86_400_000;
    const days = shift(addMonths(SEED_AS_OF, 3), SEED_AS_OF);
    later.penalties.forEach((p, i) => {
      expect(shift(p.CF_JDRQ, base.penalties[i]!.CF_JDRQ)).toBe(days);
      expect(p.CF_XDR_MC).toBe(base.penalties[i]!.CF_XDR_MC);
      expect(p.severity).toBe(base.penalties[i]!.severity);
    });
    later.licences.forEach((l, i) => expect(shift(l.XK_JDRQ, base.licences[i]!.XK_JDRQ)).toBe(days));
  });

  it('writes articles for every content section, with pinned items and external links', () => {
    const byCategory = new Map<string, typeof data.content>();
    for (const row of data.content) byCategory.set(row.categoryId, [...(byCategory.get(row.categoryId) ?? []), row]);
    for (const [key, section] of Object.entries(CONTENT_SECTIONS)) {
      expect(byCategory.get(section.categoryId)?.length ?? 0, key).toBeGreaterThan(0);
    }
    const news = byCategory.get(CONTENT_SECTIONS.news.categoryId)!;
    expect(news.some((r) => r.top)).toBe(true);
    expect(news.some((r) => r.bodyHtml.includes('<img src="/Cms/image/article-'))).toBe(true);
    expect(data.content.some((r) => r.isUrl === '1' && r.url.startsWith('https://'))).toBe(true);
    const dates = data.content.filter((r) => r.siteId === '' && Number(r.categoryId) < 4000).map((r) => r.releaseDate);
    expect(dates.some((d) => d.startsWith('2023'))).toBe(true);
    expect(dates.some((d) => d.startsWith('2026'))).toBe(true);
    const images = new Set(data.images.map((i) => `/Cms/image/${i.name}.svg`));
    for (const row of data.content) if (row.imageUrl?.startsWith('/Cms/image/')) expect(images).toContain(row.imageUrl);
  });

  it('never repeats a title within a list, nor among the interaction messages', () => {
    const lists = new Map<string, string[]>();
    for (const row of data.content) {
      const list = `${row.categoryId}/${row.siteId}`;
      lists.set(list, [...(lists.get(list) ?? []), row.title]);
    }
    for (const [list, titles] of lists) {
      expect(
        titles.filter((title, i) => titles.indexOf(title) !== i),
        list,
      ).toEqual([]);
    }
    for (const seed of [small.seed, 20260101]) {
      const titles = interactionRows(seed).map((m) => m.title);
      expect(
        titles.filter((title, i) => titles.indexOf(title) !== i),
        String(seed),
      ).toEqual([]);
    }
  });

  it('writes every article about its title: the body names the subject the title names', () => {
    const articles = data.content.filter((row) => row.subject !== null);
    // Every article section's articles, the external links and the district sites' included.
    expect(new Set(articles.map((row) => row.categoryId)).size).toBeGreaterThanOrEqual(15);
    expect(articles.some((row) => row.siteId !== '')).toBe(true);
    for (const row of articles) {
      expect(row.title, row.recordId).toContain(row.subject);
      expect(row.bodyText, row.title).toContain(row.subject);
      // Every token filled.
      expect(`${row.title}${row.bodyText}`, row.title).not.toMatch(/\{[^}]*\}/);
    }
    // A year in a title is its release year, or for an annual report the year before.
    for (const row of articles.filter((r) => /20\d\d年/.test(r.title) && r.isUrl === '0')) {
      const year = Number(/(20\d\d)年/.exec(row.title)![1]);
      const annual = row.categoryId === CONTENT_SECTIONS.annualReports.categoryId;
      if (!/第.季度/.test(row.title)) expect(year, row.title).toBe(yearOf(row.releaseDate) - (annual ? 1 : 0));
    }
    // Regulations read as articles, plans as parts, each naming the kind of document it is.
    const policies = articles.filter((r) => r.categoryId === CONTENT_SECTIONS.policy.categoryId && r.isUrl === '0');
    for (const row of policies)
      expect(row.bodyText, row.title).toMatch(/本(办法|条例|规定|细则|规程|指引|方案|意见|要点|清单|目录)/);
  });

  it('pins only items of the last weeks, the newest news among them', () => {
    const pinned = data.content.filter((row) => row.top);
    expect(pinned.length).toBeGreaterThan(0);
    const oldest = formatDay(dayNumber(SEED_AS_OF) - PINNED_WITHIN_DAYS);
    for (const row of pinned) expect(row.releaseDate >= oldest, `${row.title} ${row.releaseDate}`).toBe(true);
    expect(pinned.filter((row) => row.categoryId === CONTENT_SECTIONS.news.categoryId)).toHaveLength(2);
    // The archive goes on below them.
    expect(data.content.some((row) => !row.top && row.releaseDate < '2024-01-01')).toBe(true);
  });

  it('has leaders with photo, title and position, and a flipbook of about ten pages', () => {
    const leaders = data.content.filter((r) => r.categoryId === CONTENT_SECTIONS.leaders.categoryId);
    expect(leaders.length).toBeGreaterThanOrEqual(3);
    for (const leader of leaders)
      expect(Object.keys(leader.extra ?? {}).sort()).toEqual(['photo', 'position', 'title']);
    const books = data.content.filter((r) => r.categoryId === CONTENT_SECTIONS.flipbooks.categoryId);
    expect(books.length).toBeGreaterThanOrEqual(1);
    for (const book of books) {
      expect(data.flipbookPages.filter((p) => p.recordId === book.recordId).length).toBeGreaterThanOrEqual(10);
    }
  });

  it('has a full and a placeholder district site, and H5 persons with valid ID numbers', () => {
    expect(new Set(data.districts.map((d) => d.layout))).toEqual(new Set(['full', 'placeholder']));
    expect(data.h5Persons.length).toBeGreaterThan(0);
    expect(data.h5Persons.every((p) => isValidIdNumber(p.idNumber))).toBe(true);
    for (const person of data.h5Persons) {
      const representative = data.h5PersonEntities.find(
        (l) => l.personId === person.id && l.position === '法定代表人',
      )!;
      expect(data.entities[representative.entityId - 1]!.legalRep).toBe(person.name);
    }
  });
});

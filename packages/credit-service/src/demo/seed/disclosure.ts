import type { Database } from 'better-sqlite3';
import { SOLE_PROPRIETOR_MARK, idNumberCheckChar, type DisclosureSubjectType } from '@credit-portal/shared';
import { Random, mixSeed } from '../../lib/random.js';
import { authorityOf, type Authority } from './agencies.js';
import { addMonths, dayNumber, formatDay, withTime, yearOf } from '../../lib/dates.js';
import { DISTRICTS, type District } from '../place.js';
import { GIVEN_NAME_CHARS, ROADS, SURNAMES } from './vocabulary.js';

/*
 * The disclosure lists (migration 7): abnormal business listings, major tax
 * violations, wage arrears, unpaid non-tax revenue and personal bankruptcy cases. Drawn from the
 * data set's seed, on the entities the data set already has plus generated natural persons, with
 * every date counted back from `asOf` — the day the database is created (tests pin it) — so the
 * lists are current whenever a demo starts. The same seed and asOf always give the same rows.
 */

/** Rows per list: enough for several pages of 10. */
export const DISCLOSURE_COUNTS = {
  abnormalBusiness: 64,
  majorTaxViolations: 42,
  wageArrears: 48,
  nontaxArrears: 56,
  personalBankruptcies: 38,
} as const;
export type DisclosureSeedSummary = Record<keyof typeof DISCLOSURE_COUNTS, number>;

const SALT = 0xd15c;
const TABLES: Readonly<Record<keyof typeof DISCLOSURE_COUNTS, string>> = {
  abnormalBusiness: 'abnormal_business',
  majorTaxViolations: 'major_tax_violations',
  wageArrears: 'wage_arrears',
  nontaxArrears: 'nontax_arrears',
  personalBankruptcies: 'personal_bankruptcies',
};

interface EntityFacts {
  id: number;
  name: string;
  creditCode: string;
  entType: string;
  legalRep: string;
  regionCode: string;
  address: string;
  setupDate: string;
}

interface Person {
  name: string;
  idNumber: string;
  district: District;
}

const chineseDate = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${y}年${m}月${d}日`;
};
const money = (value: number): string => value.toFixed(2);
const subjectTypeOf = (entity: EntityFacts): DisclosureSubjectType =>
  entity.entType.includes(SOLE_PROPRIETOR_MARK) ? '个体工商户' : '法人及非法人组织';
const districtOf = (regionCode: string): District =>
  DISTRICTS.find((d) => d.regionCode === regionCode) ?? DISTRICTS[0]!;

/** A generated natural person of the city with a valid, unique ID number (GB 11643). */
function personFactory(random: Random) {
  const used = new Set<string>();
  return (): Person => {
    const district = random.pick(DISTRICTS);
    const given = random.chance(0.7) ? 2 : 1;
    let name = random.pick(SURNAMES);
    for (let i = 0; i < given; i++) name += random.pick(GIVEN_NAME_CHARS);
    let idNumber = '';
    do {
      const birth = formatDay(dayNumber('1962-01-01') + random.int(365 * 38)).replaceAll('-', '');
      const first17 = `${district.regionCode}${birth}${String(random.between(1, 999)).padStart(3, '0')}`;
      idNumber = first17 + idNumberCheckChar(first17)!;
    } while (used.has(idNumber));
    used.add(idNumber);
    return { name, idNumber, district };
  };
}

/** The legal representative's ID number (generated: the entities table does not keep one). */
function idNumberFor(random: Random, regionCode: string): string {
  const birth = formatDay(dayNumber('1960-01-01') + random.int(365 * 40)).replaceAll('-', '');
  const first17 = `${regionCode}${birth}${String(random.between(1, 999)).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17)!;
}

const ABNORMAL_REASONS_COMPANY = [
  '未按照《企业信息公示暂行条例》第八条规定的期限公示年度报告',
  '通过登记的住所或者经营场所无法联系',
  '未在登记机关依照《企业信息公示暂行条例》第十条规定责令的期限内公示有关企业信息',
  '公示企业信息隐瞒真实情况、弄虚作假',
] as const;
const ABNORMAL_REASONS_INDIVIDUAL = [
  '未按照《个体工商户年度报告暂行办法》规定报送年度报告',
  '通过登记的经营场所无法联系',
] as const;

const TAX_CASES = [
  { nature: '偷税', means: '采取虚假申报、少列收入等手段', law: '第六十三条' },
  { nature: '逃避追缴欠税', means: '采取转移、隐匿财产的手段，妨碍税务机关追缴欠缴的税款', law: '第六十五条' },
  { nature: '骗取出口退税', means: '采取假报出口等欺骗手段', law: '第六十六条' },
  { nature: '虚开增值税专用发票', means: '在没有实际业务的情况下对外虚开增值税专用发票', law: '第六十三条' },
  { nature: '虚开普通发票', means: '在没有真实交易的情况下对外虚开增值税普通发票', law: '第六十三条' },
] as const;

interface NontaxItem {
  item: string;
  org: string;
  basis: string;
  /** Range of the amount owed, 元. */
  min: number;
  max: number;
}

const NONTAX_ITEMS: readonly NontaxItem[] = [
  {
    item: '国有土地使用权出让收入',
    org: '云州市自然资源和规划局',
    basis: '《国有土地使用权出让收支管理办法》（财综〔2006〕68号）',
    min: 200_000,
    max: 8_000_000,
  },
  {
    item: '城市基础设施配套费',
    org: '云州市住房和城乡建设局',
    basis: '《福建省城市基础设施配套费征收管理办法》',
    min: 50_000,
    max: 1_500_000,
  },
  {
    item: '污水处理费',
    org: '云州市城市管理和综合执法局',
    basis: '《污水处理费征收使用管理办法》（财税〔2014〕151号）',
    min: 2_000,
    max: 120_000,
  },
  {
    item: '残疾人就业保障金',
    org: '国家税务总局云州市税务局',
    basis: '《残疾人就业保障金征收使用管理办法》（财税〔2015〕72号）',
    min: 3_000,
    max: 90_000,
  },
  {
    item: '水土保持补偿费',
    org: '云州市水利局',
    basis: '《水土保持补偿费征收使用管理办法》（财综〔2014〕8号）',
    min: 5_000,
    max: 300_000,
  },
];
const NONTAX_PERSON_ITEMS: readonly NontaxItem[] = [
  {
    item: '罚没收入',
    org: '云州市城市管理和综合执法局',
    basis: '《罚没财物管理办法》（财税〔2020〕54号）',
    min: 500,
    max: 50_000,
  },
  NONTAX_ITEMS[4]!,
];

const ADMINISTRATORS = [
  '福建云州明德律师事务所',
  '云州正衡会计师事务所有限公司',
  '福建海湾律师事务所',
  '云州信达清算事务所有限公司',
  '福建东湖律师事务所',
] as const;
type BankruptcyType = '个人破产清算' | '个人破产重整' | '个人破产和解';
const BANKRUPTCY_STATUSES: Readonly<Record<BankruptcyType, readonly string[]>> = {
  个人破产清算: ['债权申报中', '财产清算中', '行为考察期中', '已终结'],
  个人破产重整: ['债权申报中', '重整计划执行中', '已终结'],
  个人破产和解: ['债权申报中', '和解协议执行中', '已终结'],
};

/** Writes every disclosure list that is still empty. The caller decides the transaction. */
export function writeDisclosureSeed(db: Database, seed: number, asOf: string): DisclosureSeedSummary {
  const summary: DisclosureSeedSummary = {
    abnormalBusiness: 0,
    majorTaxViolations: 0,
    wageArrears: 0,
    nontaxArrears: 0,
    personalBankruptcies: 0,
  };
  const entities = db
    .prepare(
      `SELECT id, name, credit_code AS creditCode, ent_type AS entType, legal_rep AS legalRep,
              region_code AS regionCode, address, setup_date AS setupDate
       FROM entities ORDER BY id`,
    )
    .all() as EntityFacts[];
  const asOfDay = dayNumber(asOf);
  const random = new Random(mixSeed(seed, SALT));
  const newPerson = personFactory(random);
  const isEmpty = (key: keyof typeof DISCLOSURE_COUNTS): boolean =>
    db.prepare(`SELECT NOT EXISTS (SELECT 1 FROM ${TABLES[key]})`).pluck().get() === 1;

  /** A day in the `days` before asOf, never before `from`. */
  const dayBefore = (days: number, from?: string): string => {
    const earliest = Math.max(asOfDay - days, from ? dayNumber(from) : -Infinity);
    return formatDay(Math.min(asOfDay, earliest + random.int(Math.max(1, asOfDay - earliest + 1))));
  };
  /** An update time a few days after `date`, never after asOf. */
  const updatedAfter = (date: string): string =>
    withTime(formatDay(Math.min(asOfDay, dayNumber(date) + random.int(6))), random.between(8 * 3600, 18 * 3600));
  const pickEntities = (count: number, keep: (e: EntityFacts) => boolean): EntityFacts[] =>
    random.sample(entities.filter(keep), count);
  const authority = (key: 'market' | 'tax', entity: EntityFacts): Authority =>
    authorityOf(key, districtOf(entity.regionCode), random.chance(0.6));
  const serial = () => random.between(1, 999);

  if (isEmpty('abnormalBusiness')) {
    const insert = db.prepare(
      `INSERT INTO abnormal_business (entity_id, subject_type, ent_name, credit_code, legal_rep, reason, doc_no,
         decision_org, listed_on, source_unit, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const entity of pickEntities(DISCLOSURE_COUNTS.abnormalBusiness, () => true)) {
      const type = subjectTypeOf(entity);
      const org = authority('market', entity);
      const listed = dayBefore(3 * 365, entity.setupDate);
      const reason = random.pick(type === '个体工商户' ? ABNORMAL_REASONS_INDIVIDUAL : ABNORMAL_REASONS_COMPANY);
      const docNo = `${org.abbr}异常〔${yearOf(listed)}〕${serial()}号`;
      insert.run(
        entity.id,
        type,
        entity.name,
        entity.creditCode,
        entity.legalRep,
        reason,
        docNo,
        org.name,
        listed,
        '云州市市场监督管理局',
        updatedAfter(listed),
      );
      summary.abnormalBusiness++;
    }
  }

  if (isEmpty('majorTaxViolations')) {
    const insert = db.prepare(
      `INSERT INTO major_tax_violations (entity_id, subject_type, ent_name, credit_code, legal_rep, id_number, address,
         case_nature, facts, punishment, decision_org, listed_on, source_unit, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const persons = 6;
    const companies = pickEntities(DISCLOSURE_COUNTS.majorTaxViolations - persons, () => true);
    const subjects: (EntityFacts | Person)[] = [...companies];
    for (let i = 0; i < persons; i++) subjects.splice(random.int(subjects.length + 1), 0, newPerson());
    for (const subject of subjects) {
      const entity = 'id' in subject ? subject : null;
      const tax = random.pick(TAX_CASES);
      const listed = dayBefore(3 * 365, entity?.setupDate);
      const to = yearOf(listed) - 1;
      const from = to - random.between(0, 2);
      const amount = random.between(10_000, 900_000) / 100;
      const multiple = random.pick([0.5, 1, 1.5, 2]);
      const name = entity ? entity.name : subject.name;
      const facts = `经国家税务总局云州市税务局稽查局检查，发现其在${from}年1月1日至${to}年12月31日期间，主要存在以下问题：${tax.means}，少缴或骗取税款合计${money(amount)}万元。`;
      const punishment = `依照《中华人民共和国税收征收管理法》${tax.law}等相关法律法规的规定，对其处以追缴税款${money(amount)}万元的行政处理，处以${multiple}倍罚款${money(amount * multiple)}万元的行政处罚；移送公安机关处理。`;
      insert.run(
        entity?.id ?? null,
        entity ? subjectTypeOf(entity) : '自然人',
        name,
        entity?.creditCode ?? '',
        entity?.legalRep ?? '',
        entity ? idNumberFor(random, entity.regionCode) : (subject as Person).idNumber,
        entity
          ? entity.address
          : `云州市${(subject as Person).district.name}${random.pick(ROADS)}${random.between(1, 300)}号`,
        tax.nature,
        facts,
        punishment,
        '国家税务总局云州市税务局稽查局',
        listed,
        '国家税务总局云州市税务局',
        updatedAfter(listed),
      );
      summary.majorTaxViolations++;
    }
  }

  if (isEmpty('wageArrears')) {
    const insert = db.prepare(
      `INSERT INTO wage_arrears (entity_id, subject_type, ent_name, credit_code, legal_rep, id_number, facts, amount_wan,
         workers, doc_no, decision_org, listed_on, valid_until, source_unit, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const persons = 12;
    const subjects: (EntityFacts | Person)[] = pickEntities(DISCLOSURE_COUNTS.wageArrears - persons, () => true);
    for (let i = 0; i < persons; i++) subjects.splice(random.int(subjects.length + 1), 0, newPerson());
    for (const subject of subjects) {
      const entity = 'id' in subject ? subject : null;
      const district = entity ? districtOf(entity.regionCode) : (subject as Person).district;
      const cityLevel = random.chance(0.4);
      const org = cityLevel ? '云州市人力资源和社会保障局' : `云州市${district.name}人力资源和社会保障局`;
      const abbr = cityLevel ? '云人社' : `${district.abbr}人社`;
      const listed = dayBefore(3 * 365, entity?.setupDate);
      const workers = random.between(3, 120);
      const amount = (workers * random.between(300, 2500)) / 100;
      const role = entity ? '' : '作为不具备合法经营资格的个人承包经营者，';
      const facts = `${role}拖欠${workers}名农民工工资共计${money(amount)}万元，经劳动保障监察机构责令限期支付后逾期仍未支付，情节严重，依据《拖欠农民工工资失信联合惩戒对象名单管理暂行办法》第五条列入失信联合惩戒对象名单。`;
      insert.run(
        entity?.id ?? null,
        entity ? subjectTypeOf(entity) : '自然人',
        entity ? entity.name : subject.name,
        entity?.creditCode ?? '',
        entity?.legalRep ?? '',
        entity ? idNumberFor(random, entity.regionCode) : (subject as Person).idNumber,
        facts,
        money(amount),
        workers,
        `${abbr}惩〔${yearOf(listed)}〕${serial()}号`,
        org,
        listed,
        addMonths(listed, 36),
        '云州市人力资源和社会保障局',
        updatedAfter(listed),
      );
      summary.wageArrears++;
    }
  }

  if (isEmpty('nontaxArrears')) {
    const insert = db.prepare(
      `INSERT INTO nontax_arrears (entity_id, subject_type, ent_name, credit_code, legal_rep, id_number, item_name,
         amount_yuan, late_fee_yuan, basis, payable_by, notice_doc_no, noticed_on, status, collecting_org,
         source_unit, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const persons = 12;
    const subjects: (EntityFacts | Person)[] = pickEntities(DISCLOSURE_COUNTS.nontaxArrears - persons, () => true);
    for (let i = 0; i < persons; i++) subjects.splice(random.int(subjects.length + 1), 0, newPerson());
    for (const subject of subjects) {
      const entity = 'id' in subject ? subject : null;
      const item = random.pick(entity ? NONTAX_ITEMS : NONTAX_PERSON_ITEMS);
      const amount = random.between(item.min * 100, item.max * 100) / 100;
      const payableBy = dayBefore(900, entity?.setupDate);
      const noticed = formatDay(Math.min(asOfDay, dayNumber(payableBy) + random.between(15, 60)));
      const overdue = asOfDay - dayNumber(payableBy);
      // 滞纳金: 0.05% a day, never more than the amount owed.
      const lateFee = Math.min(amount, Math.round(amount * 0.0005 * overdue * 100) / 100);
      insert.run(
        entity?.id ?? null,
        entity ? subjectTypeOf(entity) : '自然人',
        entity ? entity.name : subject.name,
        entity?.creditCode ?? '',
        entity?.legalRep ?? '',
        entity ? idNumberFor(random, entity.regionCode) : (subject as Person).idNumber,
        item.item,
        money(amount),
        money(lateFee),
        item.basis,
        payableBy,
        `云财非税催〔${yearOf(noticed)}〕${serial()}号`,
        noticed,
        random.chance(0.8) ? '欠缴中' : '部分缴纳',
        item.org,
        '云州市财政局',
        updatedAfter(noticed),
      );
      summary.nontaxArrears++;
    }
  }

  if (isEmpty('personalBankruptcies')) {
    const insert = db.prepare(
      `INSERT INTO personal_bankruptcies (case_no, debtor_name, id_number, case_type, court, accepted_on, status,
         administrator, administrator_phone, appointed_on, claim_deadline, creditor_meeting_on, liabilities_wan,
         announcement, source_unit, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const serials = new Map<number, number>();
    const cases = Array.from({ length: DISCLOSURE_COUNTS.personalBankruptcies }, () => dayBefore(2 * 365))
      .sort()
      .map((accepted) => {
        const year = yearOf(accepted);
        const n = (serials.get(year) ?? 0) + random.between(1, 4);
        serials.set(year, n);
        return { accepted, caseNo: `（${year}）闽02个破${n}号` };
      });
    for (const { accepted, caseNo } of cases) {
      const person = newPerson();
      const type = random.weighted<BankruptcyType>([
        ['个人破产清算', 5],
        ['个人破产重整', 3],
        ['个人破产和解', 2],
      ]);
      const age = asOfDay - dayNumber(accepted);
      const stages = BANKRUPTCY_STATUSES[type];
      const status = stages[Math.min(stages.length - 1, Math.floor((age / 730) * stages.length))]!;
      const appointed = formatDay(Math.min(asOfDay, dayNumber(accepted) + random.between(0, 10)));
      const deadline = formatDay(dayNumber(appointed) + random.between(30, 60));
      const meeting = formatDay(dayNumber(deadline) + random.between(15, 30));
      const administrator = random.pick(ADMINISTRATORS);
      const announcement = `本院于${chineseDate(accepted)}根据债务人${person.name}的申请，裁定受理其${type}一案，并于${chineseDate(appointed)}指定${administrator}担任管理人。债权人应于${chineseDate(deadline)}前向管理人申报债权，书面说明债权数额、有无财产担保，并提交有关证据。第一次债权人会议定于${chineseDate(meeting)}上午9时在本院召开。`;
      insert.run(
        caseNo,
        person.name,
        person.idNumber,
        type,
        '云州市中级人民法院',
        accepted,
        status,
        administrator,
        `0592-${random.chars('0123456789', 7)}`,
        appointed,
        deadline,
        meeting,
        money(random.between(80_000, 6_000_000) / 1000),
        announcement,
        '云州市中级人民法院',
        updatedAfter(appointed),
      );
      summary.personalBankruptcies++;
    }
  }
  return summary;
}

/**
 * Fills the disclosure lists of a database (new, or migrated to version 7 with the tables empty)
 * with the data set's rows, dated back from `asOf`; returns what was written.
 */
export function ensureDisclosureSeed(db: Database, asOf: string): DisclosureSeedSummary {
  const seed = db.prepare('SELECT seed FROM dataset WHERE id = 1').pluck().get() as number | undefined;
  if (seed === undefined) throw new Error('ensureDisclosureSeed: the database holds no data set');
  return db.transaction(() => writeDisclosureSeed(db, seed, asOf))();
}

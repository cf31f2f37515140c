import type { Database } from 'better-sqlite3';
import {
  SOCIAL_INSURANCE_TABLE,
  idNumberCheckChar,
  maskIdNumber,
  maskName,
  type H5DocumentType,
  type H5Residence,
} from '@credit-portal/shared';
import { Random, mixSeed } from '../../lib/random.js';
import { addMonths, dayNumber, formatDay } from '../../lib/dates.js';
import { DESCRIPTION_TABLE, PERSONAL_VERSION } from '../../db/h5-report.js';

/*
 * The H5 app's people and their personal public credit reports (migration 12). The persons of the
 * base data set (legal representatives holding resident ID cards) get their documents' details;
 * persons holding every other accepted document, persons who are not eligible, and the demo
 * person of test mode are added; each gets linked entities and data rows in the six information
 * domains, in the config-table format of spec §3. Everything is drawn from the data set's seed and
 * dated back from `asOf` (the day the rows are written): the same seed and day, the same rows.
 */

/** The demo person of test mode (README): a local resident with a full report and linked entities. */
export const DEMO_PERSON = { name: '林晓云', idNumber: '350203198806150240', idType: '居民身份证' } as const;

/** One config row: [SourceTableENName, SortName, SourceTableName, SortGrade, DisplayMode]. */
type ConfigRow = readonly [string, string, string, 'I' | 'II' | 'III', '1' | '2'];

/** The config table of the personal report (spec §3): six information domains, then the notes. */
export const REPORT_CONFIG: readonly ConfigRow[] = [
  ['PublicSecurity', '一、公安信息', '公安信息', 'I', '1'],
  ['Household', '（一）户籍信息', '户籍信息', 'III', '2'],
  ['ResidencePermit', '（二）居住证信息', '居住证信息', 'III', '2'],
  ['PublicSecurityPenalty', '（三）治安管理处罚信息', '治安管理处罚信息', 'III', '2'],
  ['SocialSecurity', '二、社会保险信息', '社会保险信息', 'I', '1'],
  [SOCIAL_INSURANCE_TABLE, '（一）社会保险缴纳信息', '社会保险缴纳信息', 'III', '2'],
  ['Education', '三、教育信息', '教育信息', 'I', '1'],
  ['Degree', '（一）学历信息', '学历信息', 'III', '2'],
  ['Qualification', '（二）职业资格信息', '职业资格信息', 'III', '2'],
  ['Tax', '四、税务信息', '税务信息', 'I', '1'],
  ['TaxPayment', '（一）个人所得税缴纳信息', '个人所得税缴纳信息', 'III', '2'],
  ['TaxArrears', '（二）欠税信息', '欠税信息', 'III', '2'],
  ['Administration', '五、行政信息', '行政信息', 'I', '1'],
  ['AdminLicence', '（一）行政许可信息', '行政许可信息', 'III', '2'],
  ['AdminPenalty', '（二）行政处罚信息', '行政处罚信息', 'III', '2'],
  ['Honour', '（三）表彰奖励信息', '表彰奖励信息', 'III', '2'],
  ['Judiciary', '六、司法信息', '司法信息', 'I', '1'],
  ['CivilJudgement', '（一）民事判决信息', '民事判决信息', 'III', '2'],
  ['DishonestDebtor', '（二）失信被执行人信息', '失信被执行人信息', 'III', '2'],
  [DESCRIPTION_TABLE, '七、报告说明', '报告说明', 'I', '1'],
];

type Row = Record<string, string | number>;

interface PersonSeed {
  name: string;
  idType: H5DocumentType;
  idNumber: string;
  gender: '男' | '女';
  birthDate: string;
  residence: H5Residence;
  localSocialInsurance: boolean;
  address: string;
  isDemo: boolean;
}

interface EntityRef {
  id: number;
  name: string;
  status: string;
}

const SALT = 0x4835;
const SURNAMES = ['陈', '黄', '张', '王', '李', '吴', '郑', '周', '许', '苏', '何', '谢'];
const GIVEN = ['思远', '雅琴', '国华', '婉婷', '志强', '嘉怡', '建明', '晓东', '丽娟', '子涵', '伟杰', '欣然'];
const STREETS = ['湖滨南路', '莲前西路', '嘉禾路', '仙岳路', '环岛东路', '思明南路', '鼓浪屿路', '体育路'];
const DISTRICT_NAMES = ['东湖区', '西岭区', '云台区', '海沧区'];
const SCHOOLS = ['云州大学', '云州理工学院', '闽南师范大学', '华侨大学', '集美大学', '福州大学'];
const MAJORS = ['会计学', '计算机科学与技术', '国际经济与贸易', '土木工程', '汉语言文学', '市场营销', '机械工程'];
const INSURANCE_ITEMS = [
  // [险种, 个人费率, 单位费率]; blank personal rates are paid by the unit alone.
  ['养老保险', 0.08, 0.16],
  ['医疗保险', 0.02, 0.08],
  ['失业保险', 0.005, 0.005],
  ['工伤保险', null, 0.004],
  ['生育保险', null, 0.008],
] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function residentIdNumber(random: Random, regionCode: string, birthDate: string, female: boolean): string {
  const serial = random.between(1, 499) * 2 + (female ? 0 : 1);
  const first17 = `${regionCode}${birthDate.replaceAll('-', '')}${pad(serial % 1000, 3)}`;
  return first17 + idNumberCheckChar(first17)!;
}

/** A document number of the given kind, in its usual shape. */
function documentNumber(random: Random, type: H5DocumentType, birthDate: string, female: boolean): string {
  switch (type) {
    case '居民身份证':
      return residentIdNumber(random, random.pick(['350203', '350206', '350211', '350212']), birthDate, female);
    case '普通护照':
      return `E${random.chars('0123456789', 8)}`;
    case '港澳台居民居住证':
      // Residence permits of Hong Kong residents are numbered like ID cards under 810000.
      return residentIdNumber(random, '810000', birthDate, female);
    case '港澳居民来往内地通行证':
      return `H${random.chars('0123456789', 8)}`;
    case '台湾居民来往大陆通行证':
      return random.chars('0123456789', 8);
    case '外国人永久居留身份证':
      // 2023 format: 9, province and city, country code, birth date, serial, check.
      return `93502840${birthDate.replaceAll('-', '')}${random.int(10)}${random.int(10)}`;
  }
}

/** The persons added by migration 12 besides the base data set's: one per other document, some not eligible, the demo. */
function addedPersons(random: Random, asOf: string): PersonSeed[] {
  const templates: Array<{ type: H5DocumentType; residence: H5Residence; insurance: boolean; age?: number }> = [
    { type: '普通护照', residence: '本地居住证', insurance: true },
    { type: '港澳台居民居住证', residence: '本地居住证', insurance: true },
    { type: '港澳居民来往内地通行证', residence: '本地居住证', insurance: true },
    { type: '台湾居民来往大陆通行证', residence: '本地居住证', insurance: true },
    { type: '外国人永久居留身份证', residence: '本地居住证', insurance: true },
    { type: '居民身份证', residence: '本地户籍', insurance: false },
    // Not eligible: from elsewhere; a residence permit without local social insurance; under 18.
    { type: '居民身份证', residence: '外地', insurance: false },
    { type: '居民身份证', residence: '本地居住证', insurance: false },
    { type: '居民身份证', residence: '本地户籍', insurance: false, age: 16 },
  ];
  const persons: PersonSeed[] = [
    {
      name: DEMO_PERSON.name,
      idType: DEMO_PERSON.idType,
      idNumber: DEMO_PERSON.idNumber,
      gender: '女',
      birthDate: '1988-06-15',
      residence: '本地户籍',
      localSocialInsurance: true,
      address: '云州市东湖区湖滨南路188号',
      isDemo: true,
    },
  ];
  const asOfDay = dayNumber(asOf);
  templates.forEach((template, i) => {
    const female = random.chance(0.5);
    const birthDate =
      template.age === undefined
        ? formatDay(asOfDay - random.between(22 * 365, 60 * 365))
        : formatDay(asOfDay - template.age * 365 - random.between(30, 300));
    persons.push({
      name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 5) % GIVEN.length]}`,
      idType: template.type,
      idNumber: documentNumber(random, template.type, birthDate, female),
      gender: female ? '女' : '男',
      birthDate,
      residence: template.residence,
      localSocialInsurance: template.insurance,
      address: `云州市${random.pick(DISTRICT_NAMES)}${random.pick(STREETS)}${random.between(1, 400)}号`,
      isDemo: false,
    });
  });
  return persons;
}

interface StoredPerson {
  id: number;
  name: string;
  idType: string;
  idNumber: string;
  gender: string;
  birthDate: string;
  residence: H5Residence;
  localSocialInsurance: number;
  address: string;
  isDemo: number;
}

/** The data rows of one person's report, by table name (序号 first in every row). */
export function personReportRows(
  person: StoredPerson,
  employer: string,
  seed: number,
  asOf: string,
): Map<string, Row[]> {
  const random = new Random(mixSeed(seed, SALT, person.id));
  const demo = person.isDemo === 1;
  const tables = new Map<string, Row[]>();
  const add = (table: string, row: Row) => {
    const rows = tables.get(table) ?? [];
    rows.push({ 序号: rows.length + 1, ...row });
    tables.set(table, rows);
  };
  const year = Number(asOf.slice(0, 4));
  const day = (daysBack: number) => formatDay(dayNumber(asOf) - daysBack);

  // Public security.
  const local = person.residence === '本地户籍';
  if (person.idType === '居民身份证')
    add('Household', {
      姓名: maskName(person.name),
      性别: person.gender,
      出生日期: person.birthDate,
      证件类型: person.idType,
      证件号码: maskIdNumber(person.idNumber),
      户籍所在地: local ? person.address : '外省市',
      登记机关: local ? '云州市公安局' : '户籍所在地公安机关',
    });
  if (person.residence === '本地居住证') {
    add('ResidencePermit', {
      居住证号码: maskIdNumber(`350200${year}${random.chars('0123456789', 8)}`),
      居住地址: person.address,
      签发机关: '云州市公安局',
      签发日期: day(random.between(200, 900)),
      有效期至: day(-random.between(100, 700)),
    });
  }
  if (demo ? false : random.chance(0.1)) {
    add('PublicSecurityPenalty', {
      处罚决定书文号: `云公（${random.pick(['东', '西', '云'])}）行罚决字〔${year - 1}〕${random.between(100, 999)}号`,
      违法行为: random.pick(['扰乱公共秩序', '违反消防管理规定', '无证驾驶非机动车']),
      处罚内容: random.pick(['警告', '罚款200元', '罚款500元']),
      处罚机关: '云州市公安局',
      处罚日期: day(random.between(60, 600)),
    });
  }

  // Social insurance: the last six months, when it is paid in the city.
  if (person.localSocialInsurance === 1) {
    const base = random.between(50, 200) * 100;
    for (let m = 5; m >= 0; m--) {
      const month = addMonths(asOf, -m - 1).slice(0, 7);
      for (const [item, personal, unit] of INSURANCE_ITEMS) {
        add(SOCIAL_INSURANCE_TABLE, {
          缴费单位: employer,
          缴费时间: month,
          险种: item,
          缴费基数: base.toFixed(2),
          个人缴费金额: personal === null ? '' : (base * personal).toFixed(2),
          单位缴费金额: (base * unit).toFixed(2),
        });
      }
    }
  }

  // Education.
  const graduated = Number(person.birthDate.slice(0, 4)) + 22;
  if (graduated <= year) {
    add('Degree', {
      学历: '大学本科',
      毕业院校: random.pick(SCHOOLS),
      专业: random.pick(MAJORS),
      毕业日期: `${graduated}-07-01`,
    });
    if (demo || random.chance(0.25)) {
      add('Degree', {
        学历: '硕士研究生',
        毕业院校: random.pick(SCHOOLS),
        专业: random.pick(MAJORS),
        毕业日期: `${graduated + 3}-07-01`,
      });
    }
  }
  if (demo || random.chance(0.35)) {
    add('Qualification', {
      资格名称: random.pick(['会计专业技术资格', '注册会计师', '一级建造师', '教师资格', '法律职业资格']),
      等级: random.pick(['中级', '初级', '高级', '—']),
      证书编号: `Z${random.chars('0123456789', 10)}`,
      发证机关: random.pick(['云州市人力资源和社会保障局', '福建省人力资源和社会保障厅']),
      发证日期: day(random.between(400, 3000)),
    });
  }

  // Tax: personal income tax of the last three years, for those who work in the city.
  if (person.localSocialInsurance === 1 || local) {
    for (let y = year - 3; y < year; y++) {
      add('TaxPayment', {
        纳税年度: String(y),
        税种: '个人所得税',
        纳税金额: `${random.between(800, 26000)}.00`,
        扣缴义务人: employer,
        征收机关: '国家税务总局云州市税务局',
      });
    }
  }
  if (!demo && random.chance(0.05)) {
    add('TaxArrears', {
      欠税税种: '个人所得税',
      欠税金额: `${random.between(300, 9000)}.00`,
      欠税所属期: `${year - 1}年度`,
      主管税务机关: '国家税务总局云州市税务局',
    });
  }

  // Administration.
  if (demo || random.chance(0.4)) {
    add('AdminLicence', {
      许可名称: '机动车驾驶证',
      许可编号: maskIdNumber(person.idNumber),
      许可机关: '云州市公安局交通警察支队',
      许可日期: day(random.between(1500, 5000)),
      有效期至: day(-random.between(300, 3000)),
    });
  }
  if (demo || random.chance(0.15)) {
    add('AdminPenalty', {
      处罚决定书文号: `云交罚〔${year}〕${random.between(10000, 99999)}号`,
      违法事实: random.pick(['机动车违反规定停放', '驾驶机动车未按规定使用安全带', '机动车超速不足20%']),
      处罚内容: random.pick(['罚款150元', '罚款200元', '警告']),
      处罚机关: '云州市公安局交通警察支队',
      处罚日期: day(random.between(20, 300)),
    });
  }
  if (demo || random.chance(0.1)) {
    add('Honour', {
      荣誉名称: random.pick(['云州市无偿献血奉献奖', '云州市优秀志愿者', '云州市劳动模范']),
      授予单位: random.pick(['云州市人民政府', '云州市卫生健康委员会', '共青团云州市委员会']),
      授予日期: day(random.between(200, 1500)),
    });
  }

  // Judiciary.
  if (!demo && random.chance(0.08)) {
    add('CivilJudgement', {
      案号: `（${year - 1}）闽0203民初${random.between(1000, 9999)}号`,
      案由: random.pick(['民间借贷纠纷', '买卖合同纠纷', '房屋租赁合同纠纷']),
      判决结果: random.pick(['驳回原告诉讼请求', '被告于判决生效之日起十日内支付款项', '调解结案']),
      审理法院: '云州市东湖区人民法院',
      判决日期: day(random.between(100, 700)),
    });
  }
  if (!demo && random.chance(0.03)) {
    add('DishonestDebtor', {
      案号: `（${year - 1}）闽0203执${random.between(1000, 9999)}号`,
      执行法院: '云州市东湖区人民法院',
      失信情形: '有履行能力而拒不履行生效法律文书确定义务',
      发布日期: day(random.between(30, 300)),
    });
  }
  return tables;
}

/**
 * Fills the H5 tables of a database (new, or migrated to version 12 with them empty): config rows,
 * the base persons' details, the added persons, their entities and report rows. Returns how many
 * persons have report rows (0 when already filled).
 */
export function ensureH5Seed(db: Database, asOf: string): number {
  const seed = db.prepare('SELECT seed FROM dataset WHERE id = 1').pluck().get() as number | undefined;
  if (seed === undefined) throw new Error('ensureH5Seed: the database holds no data set');
  if (db.prepare('SELECT EXISTS (SELECT 1 FROM h5_report_config)').pluck().get() === 1) return 0;
  return db.transaction(() => writeH5Seed(db, seed, asOf))();
}

function writeH5Seed(db: Database, seed: number, asOf: string): number {
  const config = db.prepare(
    `INSERT INTO h5_report_config (version_code, sort_order, source_table_en_name, sort_name, source_table_name,
       sort_grade, display_mode) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  REPORT_CONFIG.forEach(([en, sortName, name, grade, mode], i) =>
    config.run(PERSONAL_VERSION, i + 1, en, sortName, name, grade, mode),
  );

  const random = new Random(mixSeed(seed, SALT));
  // The base persons hold resident ID cards of the city: birth date and gender from the number.
  const base = db.prepare('SELECT id, id_number AS idNumber FROM h5_persons ORDER BY id').all() as Array<{
    id: number;
    idNumber: string;
  }>;
  const update = db.prepare(
    `UPDATE h5_persons SET gender = ?, birth_date = ?, residence = '本地户籍', local_social_insurance = 1, address = ?
     WHERE id = ?`,
  );
  for (const person of base) {
    const birth = `${person.idNumber.slice(6, 10)}-${person.idNumber.slice(10, 12)}-${person.idNumber.slice(12, 14)}`;
    const gender = Number(person.idNumber[16]) % 2 === 1 ? '男' : '女';
    update.run(
      gender,
      birth,
      `云州市${random.pick(DISTRICT_NAMES)}${random.pick(STREETS)}${random.between(1, 400)}号`,
      person.id,
    );
  }

  const companies = db
    .prepare(`SELECT id, name, status FROM entities WHERE instr(ent_type, '个体工商户') = 0 ORDER BY id LIMIT 4000`)
    .all() as EntityRef[];
  const insertPerson = db.prepare(
    `INSERT INTO h5_persons (id, name, id_type, id_number, gender, birth_date, residence, local_social_insurance,
       address, is_demo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const link = db.prepare('INSERT OR IGNORE INTO h5_person_entities (person_id, entity_id, position) VALUES (?, ?, ?)');
  let nextId = (db.prepare('SELECT COALESCE(MAX(id), 0) FROM h5_persons').pluck().get() as number) + 1;
  const taken = new Set(db.prepare('SELECT id_number FROM h5_persons').pluck().all() as string[]);
  for (const person of addedPersons(random, asOf)) {
    if (taken.has(person.idNumber)) continue;
    taken.add(person.idNumber);
    const id = nextId++;
    insertPerson.run(
      id,
      person.name,
      person.idType,
      person.idNumber,
      person.gender,
      person.birthDate,
      person.residence,
      person.localSocialInsurance ? 1 : 0,
      person.address,
      person.isDemo ? 1 : 0,
    );
    if (companies.length === 0) continue;
    const picked = random.sample(companies, person.isDemo ? 3 : random.between(1, 3));
    if (person.isDemo) {
      // The demo shows both badge styles: one entity not in business when the data set has one.
      const closed = companies.find((c) => c.status !== '存续' && !picked.includes(c));
      if (closed) picked.push(closed);
    }
    picked.forEach((entity, i) =>
      link.run(id, entity.id, i === 0 ? '法定代表人' : random.pick(['股东', '监事', '执行董事', '财务负责人'])),
    );
  }

  // Report rows for every person; the employer is their first linked entity.
  const persons = db
    .prepare(
      `SELECT id, name, id_type AS idType, id_number AS idNumber, gender, birth_date AS birthDate, residence,
         local_social_insurance AS localSocialInsurance, address, is_demo AS isDemo FROM h5_persons ORDER BY id`,
    )
    .all() as StoredPerson[];
  const employerOf = db.prepare(
    `SELECT e.name FROM h5_person_entities pe JOIN entities e ON e.id = pe.entity_id
     WHERE pe.person_id = ? ORDER BY pe.position = '法定代表人' DESC, e.id LIMIT 1`,
  );
  const row = db.prepare('INSERT INTO h5_report_rows (person_id, table_name, row_no, data) VALUES (?, ?, ?, ?)');
  for (const person of persons) {
    const employer = (employerOf.pluck().get(person.id) as string | undefined) ?? '云州市人力资源服务中心';
    for (const [table, rows] of personReportRows(person, employer, seed, asOf)) {
      rows.forEach((data, i) => row.run(person.id, table, i + 1, JSON.stringify(data)));
    }
  }
  return persons.length;
}

import {
  SOLE_PROPRIETOR_MARK,
  idNumberCheckChar,
  type LicenceDetail,
  type PenaltyDetail,
  type PenaltySeverity,
} from '@credit-portal/shared';
import { authorityOf, hasDistrictLevel, type AgencyKey, type Authority } from './agencies.js';
import { addMonths, dayNumber, formatDay, withTime, yearOf } from '../../lib/dates.js';
import { entityAt, type EntityRow } from './entity.js';
import { Random, mixSeed } from '../../lib/random.js';
import { DISTRICTS } from '../place.js';
import { BRAND_CHARS, ROADS } from './vocabulary.js';

/**
 * The data set's reference day: decisions are dated up to it, so the same seed gives the same
 * data whenever it runs. Licences and penalties take an `asOf` day (a new database's creation
 * day) and are shifted by whole days from it, so that a demo started later still shows current
 * publicity; the PRNG draws stay the same.
 */
export const SEED_AS_OF = '2026-10-31';
const DECISIONS_FROM = dayNumber('2022-01-01');
const DECISIONS_TO = dayNumber(SEED_AS_OF);

/** Days between SEED_AS_OF and `asOf`. */
const shiftOf = (asOf: string): number => dayNumber(asOf) - DECISIONS_TO;

/** Licences and penalties per entity. */
export const LICENCES_PER_ENTITY = 0.8;
export const PENALTIES_PER_ENTITY = 0.3;

export type LicenceRow = Omit<LicenceDetail, 'id' | 'XK_XKJGDM' | 'XK_LYDWDM'> & {
  id: number;
  entityId: number;
  districtId: string | null;
  XK_XKJGDM: string;
  XK_LYDWDM: string;
};

export type PenaltyRow = Omit<
  PenaltyDetail,
  'id' | 'CF_ZT' | 'CF_XDR_ZJLX' | 'CF_XDR_ZJHM' | 'severity' | 'publicized' | 'publicityNote'
> & {
  id: number;
  entityId: number;
  districtId: string | null;
  /** The case's handling state; a repaired record (repairedOn set) is 已修复 on the wire. */
  CF_ZT: '正常' | '信用修复中' | '异议处理中';
  /** Natural persons only: 身份证 and the full ID number (masked on the wire). */
  CF_XDR_ZJLX: string;
  CF_XDR_ZJHM: string;
  severity: PenaltySeverity;
  /** The day the credit repair was completed, or null. */
  repairedOn: string | null;
};

const isIndividual = (entity: EntityRow): boolean => entity.entType.includes(SOLE_PROPRIETOR_MARK);
const isCompany = (entity: EntityRow): boolean => entity.entType.includes('公司');

/** What every licence or penalty says about its counterpart, in the national field layout. */
function counterpart(entity: EntityRow) {
  const individual = isIndividual(entity);
  return {
    LB: individual ? '个体工商户' : '法人及非法人组织',
    MC: entity.name,
    SHXYM: entity.creditCode,
    // The organization code is embedded in the credit code (characters 9–17).
    ZZJG: individual ? '' : entity.creditCode.slice(8, 17),
    FRDB: entity.legalRep,
  };
}

/**
 * A decision day in the data set's window, never before the entity was set up. `skew` < 1
 * weighs recent days more (penalties lean recent so that most are still within publicity).
 */
function decisionDate(random: Random, entity: EntityRow, skew: number, shift: number): string {
  const from = Math.max(DECISIONS_FROM, dayNumber(entity.setupDate));
  return formatDay(from + Math.floor((DECISIONS_TO - from + 1) * random.float() ** skew) + shift);
}

function pickAuthority(random: Random, key: AgencyKey, entity: EntityRow): Authority {
  const district = DISTRICTS[entity.districtIndex]!;
  return authorityOf(key, district, hasDistrictLevel(key) && random.chance(0.6));
}

/** Only district departments of a district with a full site feed that site's lists. */
const siteOf = (authority: Authority): string | null =>
  authority.district?.site?.layout === 'full' ? authority.district.site.recordId : null;

const digits = (random: Random, length: number): string => random.chars('0123456789', length);
const docNumber = (authority: Authority, word: string, date: string, serial: number): string =>
  `${authority.abbr}${word}〔${yearOf(date)}〕${serial}号`;

/** The date written as 2024年3月5日. */
const chineseDate = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${y}年${m}月${d}日`;
};

const LONG_TERM = '2099-12-31';

/**
 * When a decision reached the platform: `days` after it, at `seconds` into the day — but never
 * after the data set's own day, so that a record decided in its last week is not dated ahead of
 * the day the data set is written (the draws stay the same, whatever the day).
 */
const updateTime = (date: string, days: number, seconds: number, asOf: string): string =>
  withTime(formatDay(Math.min(dayNumber(date) + days, dayNumber(asOf))), seconds);

/** The quarter before a date's quarter, e.g. 2025年第一季度 for a date in April 2025. */
function previousQuarter(date: string): string {
  const quarter = Math.ceil(Number(date.slice(5, 7)) / 3) - 1;
  const year = quarter === 0 ? yearOf(date) - 1 : yearOf(date);
  return `${year}年第${'一二三四'[(quarter + 3) % 4]}季度`;
}

interface LicenceKind {
  cert: string;
  category: '普通' | '特许' | '认可' | '核准' | '登记' | '其他';
  agency: AgencyKey;
  word: string;
  weight: number;
  accepts: (entity: EntityRow) => boolean;
  number: (random: Random, entity: EntityRow, date: string, serial: number) => string;
  content: (random: Random, entity: EntityRow) => string;
  /** Validity in years; null = long-term. */
  validYears: readonly [number, number] | null;
}

const FOOD_SCOPES = [
  '预包装食品（含冷藏冷冻食品）销售',
  '散装食品（含冷藏冷冻食品）销售',
  '热食类食品制售',
  '冷食类食品制售',
  '自制饮品制售',
  '糕点类食品制售（含裱花蛋糕）',
  '保健食品销售',
  '特殊医学用途配方食品销售',
];
const CHANGE_ITEMS = ['住所', '经营范围', '法定代表人', '注册资本', '股东', '名称'];
const DRUG_SCOPES = ['中成药', '化学药制剂', '抗生素制剂', '生化药品', '中药饮片', '生物制品（除疫苗）'];
const POLLUTANTS = ['化学需氧量', '氨氮', '颗粒物', '二氧化硫', '氮氧化物', '挥发性有机物'];
const PUBLIC_PLACES = ['住宿场所', '美容美发场所', '沐浴场所', '游泳场所', '商场（店）', '候车室'];
const HAZARDOUS_GOODS = ['汽油', '柴油', '液化石油气', '乙醇', '油漆', '稀释剂'];
const DRAINAGE_KINDS = ['餐饮', '洗车', '医疗', '美容美发', '食品加工', '汽车维修'];

function projectName(random: Random, entity: EntityRow): string {
  const brand = random.pick(BRAND_CHARS) + random.pick(BRAND_CHARS);
  const district = DISTRICTS[entity.districtIndex]!.name;
  return random.pick([
    `${brand}花园${random.between(1, 12)}#楼`,
    `云州市${district}第${random.between(1, 9)}实验小学改扩建工程`,
    `${random.pick(ROADS)}道路提升改造工程`,
    `${brand}智造产业园厂房及配套设施`,
    `${district}${brand}商业综合体`,
    `${brand}滨江苑保障性住房项目`,
  ]);
}

const LICENCE_KINDS: readonly LicenceKind[] = [
  {
    cert: '食品经营许可证',
    category: '普通',
    agency: 'market',
    word: '食经许',
    weight: 22,
    accepts: (e) => !e.entType.includes('合伙'),
    number: (random, e) => `JY1${e.regionCode}${digits(random, 7)}`,
    content: (random) => random.sample(FOOD_SCOPES, random.between(1, 3)).join('；'),
    validYears: [5, 5],
  },
  {
    cert: '营业执照',
    category: '登记',
    agency: 'market',
    word: '登记',
    weight: 18,
    accepts: () => true,
    number: (_random, e) => e.creditCode,
    content: (random) => `准予变更登记（变更事项：${random.sample(CHANGE_ITEMS, random.between(1, 2)).join('、')}）`,
    validYears: null,
  },
  {
    cert: '建筑工程施工许可证',
    category: '普通',
    agency: 'housing',
    word: '建施许',
    weight: 6,
    accepts: isCompany,
    number: (random, e, date) => `${e.regionCode}${date.replaceAll('-', '')}${digits(random, 2)}01`,
    content: (random, e) =>
      `${projectName(random, e)}，建设规模${random.between(800, 90000)}平方米，合同价格${random.between(120, 48000)}万元`,
    validYears: [1, 3],
  },
  {
    cert: '排污许可证',
    category: '普通',
    agency: 'environment',
    word: '排污许',
    weight: 5,
    accepts: isCompany,
    number: (random, e) =>
      `${e.creditCode}${String(random.between(1, 3)).padStart(3, '0')}${random.pick(['V', 'U', 'Q'])}`,
    content: (random) =>
      `排放污染物种类：${random.sample(POLLUTANTS, random.between(2, 4)).join('、')}；排放方式：${random.pick(['间接排放', '直接排放', '有组织排放'])}`,
    validYears: [5, 5],
  },
  {
    cert: '药品经营许可证',
    category: '普通',
    agency: 'market',
    word: '药经许',
    weight: 3,
    accepts: isCompany,
    number: (random) => `云CB${digits(random, 7)}`,
    content: (random) => `经营范围：${random.sample(DRUG_SCOPES, random.between(2, 5)).join('、')}`,
    validYears: [5, 5],
  },
  {
    cert: '公共场所卫生许可证',
    category: '普通',
    agency: 'health',
    word: '公许',
    weight: 6,
    accepts: (e) => isIndividual(e) || isCompany(e),
    number: (random, _e, date) => `云卫公字〔${yearOf(date)}〕第${digits(random, 5)}号`,
    content: (random) => `许可项目：${random.pick(PUBLIC_PLACES)}`,
    validYears: [4, 4],
  },
  {
    cert: '道路运输经营许可证',
    category: '特许',
    agency: 'transport',
    word: '运许',
    weight: 4,
    accepts: (e) => isIndividual(e) || isCompany(e),
    number: (random, e) => `云交运管许可云字${e.regionCode}${digits(random, 6)}号`,
    content: (random) =>
      random.pick([
        '道路普通货物运输',
        '道路普通货物运输、货物专用运输（集装箱）',
        '道路危险货物运输（第3类）',
        '货运站（场）经营',
      ]),
    validYears: [4, 4],
  },
  {
    cert: '烟草专卖零售许可证',
    category: '特许',
    agency: 'tobacco',
    word: '专许',
    weight: 8,
    accepts: (e) => isIndividual(e) || e.entType === '个人独资企业',
    number: (random, e) => `${e.regionCode}${digits(random, 6)}`,
    content: () => '卷烟、雪茄烟零售',
    validYears: [5, 5],
  },
  {
    cert: '危险化学品经营许可证',
    category: '普通',
    agency: 'emergency',
    word: '危化许',
    weight: 2,
    accepts: isCompany,
    number: (random, _e, date) => `云州危化经字〔${yearOf(date)}〕${digits(random, 6)}`,
    content: (random) =>
      `${random.pick(['无储存经营', '带储存经营'])}：${random.sample(HAZARDOUS_GOODS, random.between(2, 4)).join('、')}`,
    validYears: [3, 3],
  },
  {
    cert: '城镇污水排入排水管网许可证',
    category: '普通',
    agency: 'urban',
    word: '排许',
    weight: 5,
    accepts: (e) => isIndividual(e) || isCompany(e),
    number: (random, _e, date) => `云排水字第${yearOf(date)}${digits(random, 4)}号`,
    content: (random) =>
      `排水户类型：${random.pick(DRAINAGE_KINDS)}；排水量：${random.between(2, 300)}立方米/日；主要污染物：化学需氧量、悬浮物`,
    validYears: [5, 5],
  },
  {
    cert: '特种设备使用登记证',
    category: '登记',
    agency: 'market',
    word: '特登',
    weight: 4,
    accepts: isCompany,
    number: (random, _e, date) => `梯11云D${digits(random, 5)}(${String(yearOf(date)).slice(2)})`,
    content: (random) =>
      `设备类别：电梯；设备品种：${random.pick(['曳引驱动乘客电梯', '自动扶梯', '杂物电梯', '液压驱动载货电梯'])}`,
    validYears: null,
  },
];

export const LICENCE_SALT = 0x11c3;

/** Licence number `index` (0-based; id index + 1) of a data set with `entities` entities. */
export function licenceAt(seed: number, entities: number, index: number, asOf: string = SEED_AS_OF): LicenceRow {
  const random = new Random(mixSeed(seed, LICENCE_SALT, index));
  const entity = entityAt(seed, random.int(entities));
  const kinds = LICENCE_KINDS.filter((kind) => kind.accepts(entity)).map((kind) => [kind, kind.weight] as const);
  const kind = random.weighted(kinds);
  const authority = pickAuthority(random, kind.agency, entity);
  const date = decisionDate(random, entity, 0.8, shiftOf(asOf));
  const party = counterpart(entity);
  const validTo = kind.validYears
    ? formatDay(dayNumber(addMonths(date, 12 * random.between(...kind.validYears))) - 1)
    : LONG_TERM;
  return {
    id: index + 1,
    entityId: entity.id,
    districtId: siteOf(authority),
    XK_XDR_LB: party.LB,
    XK_WSH: docNumber(authority, kind.word, date, index + 1),
    XK_XKZS: kind.cert,
    XK_XKLB: kind.category,
    XK_XKBH: kind.number(random, entity, date, index + 1),
    XK_NR: kind.content(random, entity),
    XK_XDR_MC: party.MC,
    XK_XDR_SHXYM: party.SHXYM,
    XK_XDR_ZZJG: party.ZZJG,
    XK_XDR_GSZC: '',
    XK_XDR_SWDJ: '',
    XK_XDR_SYDW: '',
    XK_XDR_SHZZ: '',
    XK_FRDB: party.FRDB,
    XK_JDRQ: date,
    XK_YXQZ: date,
    XK_YXQZI: validTo,
    XK_XKJG: authority.name,
    XK_XKJGDM: authority.code,
    XK_LYDW: authority.name,
    XK_LYDWDM: authority.code,
    UPDATETIME: updateTime(date, random.between(1, 7), random.between(8 * 3600, 18 * 3600), asOf),
  };
}

/** What a penalty case needs to tell its story. */
interface CaseFacts {
  entity: EntityRow;
  date: string;
  random: Random;
}

interface PenaltyKind {
  agency: AgencyKey;
  word: string;
  wfxw: string;
  weight: number;
  accepts: (entity: EntityRow) => boolean;
  facts: (c: CaseFacts) => string;
  basis: string;
  /** Fine range in yuan. */
  fine: readonly [number, number];
  warning?: boolean;
  /** Confiscated illegal gains in yuan, when the case has them. */
  confiscation?: readonly [number, number];
  revokesLicence?: boolean;
  /** Probability that the case is serious (longer publicity). */
  serious: number;
}

const FOODS = ['预包装饼干', '乳制品', '速冻水饺', '袋装方便面', '瓶装饮料', '调味酱料', '袋装坚果'];
const AD_CLAIMS = ['全市销量第一', '百分百有效', '零风险高回报', '国家级权威认证', '最低价'];
const FIRE_ISSUES = [
  '室内消火栓无水',
  '火灾自动报警系统处于故障状态',
  '疏散指示标志损坏',
  '灭火器压力不足',
  '常闭式防火门处于开启状态',
];
const TAXES = ['增值税', '个人所得税（工资薪金所得）', '印花税', '企业所得税', '城市维护建设税'];

const PENALTY_KINDS: readonly PenaltyKind[] = [
  {
    agency: 'market',
    word: '处罚',
    wfxw: '经营超过保质期的食品',
    weight: 16,
    accepts: () => true,
    facts: ({ entity, date, random }) =>
      `经查，当事人于${chineseDate(date)}在其经营场所（${entity.address}）销售超过保质期的${random.pick(FOODS)}共${random.between(3, 60)}件，货值金额${random.between(50, 3000)}元。`,
    basis: '《中华人民共和国食品安全法》第三十四条第（十）项、第一百二十四条第一款第（五）项',
    fine: [5000, 50000],
    confiscation: [30, 2000],
    serious: 0.2,
  },
  {
    agency: 'market',
    word: '处罚',
    wfxw: '未按规定明码标价',
    weight: 10,
    accepts: () => true,
    facts: ({ entity, random }) =>
      `经查，当事人在${entity.address}经营过程中，所售${random.between(3, 40)}种商品未按规定标示价格，且未标示品名、计价单位等信息。`,
    basis: '《明码标价和禁止价格欺诈规定》第五条、第二十一条；《中华人民共和国价格法》第十三条、第四十二条',
    fine: [500, 5000],
    warning: true,
    serious: 0,
  },
  {
    agency: 'market',
    word: '处罚',
    wfxw: '发布虚假广告',
    weight: 6,
    accepts: (e) => !isIndividual(e),
    facts: ({ date, random }) =>
      `经查，当事人自${chineseDate(date)}起通过其微信公众号及门店宣传海报发布含有“${random.pick(AD_CLAIMS)}”等内容的广告，经核实上述内容与实际情况不符，构成虚假广告。`,
    basis: '《中华人民共和国广告法》第二十八条第二款第（二）项、第五十五条第一款',
    fine: [20000, 300000],
    serious: 0.4,
  },
  {
    agency: 'environment',
    word: '罚',
    wfxw: '超过大气污染物排放标准排放大气污染物',
    weight: 5,
    accepts: isCompany,
    facts: ({ entity, date, random }) =>
      `${chineseDate(date)}，执法人员对当事人位于${entity.address}的生产车间进行现场检查，经监测，其废气排放口${random.pick(['颗粒物', '二氧化硫', '氮氧化物', '非甲烷总烃'])}排放浓度为${random.between(60, 400)}毫克/立方米，超过《大气污染物综合排放标准》规定的排放限值。`,
    basis: '《中华人民共和国大气污染防治法》第十八条、第九十九条第（二）项',
    fine: [100000, 1000000],
    serious: 0.7,
  },
  {
    agency: 'environment',
    word: '罚',
    wfxw: '建设项目环境影响报告表未经批准擅自开工建设',
    weight: 3,
    accepts: isCompany,
    facts: ({ entity, date, random }) =>
      `经查，当事人投资建设的${projectName(random, entity)}，其环境影响报告表未经生态环境主管部门审批，于${chineseDate(date)}擅自开工建设。`,
    basis: '《中华人民共和国环境影响评价法》第二十五条、第三十一条第一款',
    fine: [50000, 500000],
    serious: 0.5,
  },
  {
    agency: 'housing',
    word: '罚字',
    wfxw: '未取得施工许可证擅自施工',
    weight: 4,
    accepts: isCompany,
    facts: ({ entity, date, random }) =>
      `经查，当事人作为${projectName(random, entity)}的建设单位，在未取得建筑工程施工许可证的情况下，于${chineseDate(date)}擅自组织开工建设，该工程合同价款${random.between(300, 30000)}万元。`,
    basis: '《中华人民共和国建筑法》第七条、第六十四条；《建筑工程施工许可管理办法》第三条、第十二条',
    fine: [10000, 200000],
    serious: 0.4,
  },
  {
    agency: 'fire',
    word: '行罚决字',
    wfxw: '消防设施、器材未保持完好有效',
    weight: 8,
    accepts: () => true,
    facts: ({ entity, date, random }) =>
      `${chineseDate(date)}，消防救援机构对当事人位于${entity.address}的经营场所进行监督检查，发现该场所${random.sample(FIRE_ISSUES, 2).join('、')}。`,
    basis: '《中华人民共和国消防法》第十六条第一款第（二）项、第六十条第一款第（一）项',
    fine: [5000, 50000],
    serious: 0.1,
  },
  {
    agency: 'tax',
    word: '简罚',
    wfxw: '未按照规定期限办理纳税申报和报送纳税资料',
    weight: 12,
    accepts: () => true,
    facts: ({ date, random }) =>
      `经查，当事人未按照规定期限办理${previousQuarter(date)}${random.pick(TAXES)}的纳税申报。`,
    basis: '《中华人民共和国税收征收管理法》第二十五条第一款、第六十二条',
    fine: [50, 2000],
    serious: 0,
  },
  {
    agency: 'transport',
    word: '执罚',
    wfxw: '未取得道路运输经营许可擅自从事道路普通货物运输经营',
    weight: 4,
    accepts: (e) => isIndividual(e) || isCompany(e),
    facts: ({ date, random }) =>
      `${chineseDate(date)}，执法人员在${random.pick(ROADS)}依法检查时发现，当事人使用车牌号为云D·${random.chars('0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', 5)}的货车从事道路普通货物运输经营，不能提供有效的道路运输经营许可证件。`,
    basis: '《中华人民共和国道路运输条例》第二十四条、第六十三条',
    fine: [10000, 100000],
    confiscation: [200, 5000],
    serious: 0.2,
  },
  {
    agency: 'health',
    word: '公罚',
    wfxw: '未依法取得公共场所卫生许可证擅自营业',
    weight: 5,
    accepts: (e) => isIndividual(e) || isCompany(e),
    facts: ({ entity, date, random }) =>
      `经查，当事人在${entity.address}经营${random.pick(PUBLIC_PLACES)}，自${chineseDate(date)}起在未依法取得公共场所卫生许可证的情况下擅自营业。`,
    basis: '《公共场所卫生管理条例实施细则》第二十二条第一款、第三十五条第一款',
    fine: [500, 30000],
    warning: true,
    serious: 0,
  },
  {
    agency: 'emergency',
    word: '罚',
    wfxw: '未按照规定对从业人员进行安全生产教育和培训',
    weight: 4,
    accepts: isCompany,
    facts: ({ date, random }) =>
      `${chineseDate(date)}，执法人员对当事人进行安全生产检查，发现其${random.between(2, 15)}名从业人员未经安全生产教育和培训即上岗作业，且未如实记录安全生产教育和培训情况。`,
    basis: '《中华人民共和国安全生产法》第二十八条第一款、第九十七条第（三）项',
    fine: [10000, 100000],
    serious: 0.3,
  },
  {
    agency: 'market',
    word: '处罚',
    wfxw: '提交虚假材料取得公司登记',
    weight: 1,
    accepts: isCompany,
    facts: ({ random }) =>
      `经查，当事人在办理${random.pick(CHANGE_ITEMS)}变更登记时，提交了伪造的${random.pick(['股东会决议', '住所使用证明', '股东签名文件'])}，取得公司登记。`,
    basis: '《中华人民共和国公司法》第二百五十条',
    fine: [50000, 200000],
    revokesLicence: true,
    serious: 1,
  },
  {
    agency: 'urban',
    word: '罚',
    wfxw: '随意倾倒建筑垃圾',
    weight: 4,
    accepts: (e) => isIndividual(e) || isCompany(e),
    facts: ({ date, random }) =>
      `${chineseDate(date)}，执法人员在${random.pick(ROADS)}巡查时发现，当事人委托的运输车辆将建筑垃圾倾倒在道路旁绿化带内，倾倒量约${random.between(2, 40)}立方米。`,
    basis: '《城市建筑垃圾管理规定》第十五条、第二十六条',
    fine: [5000, 50000],
    serious: 0.2,
  },
];

/** Yuan as 万元 with up to six decimals and no trailing zeros, e.g. 25000 → "2.5". */
export function toWanYuan(yuan: number): string {
  return (yuan / 10_000).toFixed(6).replace(/\.?0+$/, '');
}

const yuanText = (yuan: number): string => `人民币${yuan}元`;

/** A fine rounded to a believable step: whole hundreds above 1000 yuan, tens below. */
function fineAmount(random: Random, [min, max]: readonly [number, number]): number {
  const step = max > 1000 ? 100 : 10;
  return Math.round(random.between(min, max) / step) * step || step;
}

const PENALTY_STATES: readonly (readonly [PenaltyRow['CF_ZT'], number])[] = [
  ['正常', 88],
  ['信用修复中', 7],
  ['异议处理中', 5],
];

export const PENALTY_SALT = 0xcf01;
/** A second stream per penalty (severity, repair, natural person), so the first one's draws stay as they were. */
export const PENALTY_PUBLICITY_SALT = 0xcf02;

/** Decisions by simple procedure (简易程序) carry 简罚 in their number: minor by definition. */
const SIMPLE_PROCEDURE_WORD = '简罚';

/** A resident ID number (GB 11643) of someone registered in `regionCode`, born 1960–2000. */
function personIdNumber(random: Random, regionCode: string): string {
  const birth = formatDay(dayNumber('1960-01-01') + random.int(dayNumber('2000-12-31') - dayNumber('1960-01-01')));
  const first17 = `${regionCode}${birth.replaceAll('-', '')}${digits(random, 3)}`;
  return first17 + idNumberCheckChar(first17)!;
}

/** Penalty number `index` (0-based; id index + 1) of a data set with `entities` entities. */
export function penaltyAt(seed: number, entities: number, index: number, asOf: string = SEED_AS_OF): PenaltyRow {
  const random = new Random(mixSeed(seed, PENALTY_SALT, index));
  const publicity = new Random(mixSeed(seed, PENALTY_PUBLICITY_SALT, index));
  const entity = entityAt(seed, random.int(entities));
  const kinds = PENALTY_KINDS.filter((kind) => kind.accepts(entity)).map((kind) => [kind, kind.weight] as const);
  const kind = random.weighted(kinds);
  const authority = pickAuthority(random, kind.agency, entity);
  const date = decisionDate(random, entity, 0.3, shiftOf(asOf));
  // A natural person: the operator of a sole proprietorship, penalized in their own name.
  const person = isIndividual(entity) && publicity.chance(0.3);
  const party = person ? { LB: '自然人', MC: entity.legalRep, SHXYM: '', ZZJG: '', FRDB: '' } : counterpart(entity);
  const fine = fineAmount(random, kind.fine);
  const gain = kind.confiscation ? fineAmount(random, kind.confiscation) : 0;
  const categories: string[] = [];
  const measures: string[] = [];
  const warned = kind.warning === true && random.chance(0.5);
  // Some warned cases end with the warning alone: a minor case (轻微), never published.
  const warningOnly = warned && gain === 0 && publicity.chance(0.5);
  if (warned) {
    categories.push('警告');
    measures.push('警告');
  }
  if (gain > 0) {
    categories.push('没收违法所得、没收非法财物');
    measures.push(`没收违法所得${yuanText(gain)}`);
  }
  if (!warningOnly) {
    categories.push('罚款');
    measures.push(`罚款${yuanText(fine)}`);
  }
  let revoked = '';
  if (kind.revokesLicence) {
    categories.push('暂扣许可证件、降低资质等级、吊销许可证件');
    revoked = `吊销营业执照（统一社会信用代码：${entity.creditCode}）`;
    measures.push('吊销营业执照');
  }
  const serious = random.chance(kind.serious);
  // General cases are publicized 3 months to 1 year, serious ones 1 to 3 years; minor ones never.
  const months = serious ? random.between(12, 36) : random.between(3, 12);
  const minor = warningOnly || kind.word === SIMPLE_PROCEDURE_WORD;
  const severity: PenaltySeverity = minor ? '轻微' : serious ? '严重' : '一般';
  const deadline = minor ? date : addMonths(date, months);
  // Credit repair is possible after the shortest publicity (3 months, serious: 1 year).
  const repairDay = dayNumber(addMonths(date, serious ? 12 : 3)) + publicity.between(0, 90);
  const repairedOn =
    !minor && publicity.chance(0.08) && repairDay <= dayNumber(asOf) && repairDay <= dayNumber(deadline)
      ? formatDay(repairDay)
      : null;
  return {
    id: index + 1,
    entityId: entity.id,
    districtId: siteOf(authority),
    CF_XDR_LB: party.LB,
    CF_WSH: docNumber(authority, kind.word, date, index + 1),
    CF_CFLB: categories.join(';'),
    CF_NR_FK: warningOnly ? '0' : toWanYuan(fine),
    CF_NR_WFFF: toWanYuan(gain),
    CF_NR_ZKDX: revoked,
    CF_SY: kind.facts({ entity, date, random }),
    CF_XDR_SHXYM: party.SHXYM,
    CF_XDR_ZZJG: party.ZZJG,
    CF_XDR_GSZC: '',
    CF_XDR_SWDJ: '',
    CF_XDR_SYDW: '',
    CF_XDR_SHZZ: '',
    CF_XDR_ZJLX: person ? '身份证' : '',
    CF_XDR_ZJHM: person ? personIdNumber(publicity, entity.regionCode) : '',
    CF_YJ: kind.basis,
    CF_NR: measures.map((m, i) => `${i + 1}. ${m}`).join('；') + '。',
    CF_WFXW: kind.wfxw,
    CF_XDR_MC: party.MC,
    CF_FRDB: party.FRDB,
    CF_JDRQ: date,
    CF_CFJG: authority.name,
    CF_GSJZQ: deadline,
    CF_SJLY: authority.name,
    CF_ZT: random.weighted(PENALTY_STATES),
    UPDATETIME: updateTime(date, random.between(1, 7), random.between(8 * 3600, 18 * 3600), asOf),
    severity,
    repairedOn,
  };
}

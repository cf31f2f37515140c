import {
  CREDIT_CODE_CHARSET,
  SOLE_PROPRIETOR_MARK,
  creditCodeCheckChar,
  type EntityStatus,
} from '@credit-portal/shared';
import { dayNumber, formatDay } from '../../lib/dates.js';
import { Random, mixSeed, permutation as seededPermutation } from '../../lib/random.js';
import { CITY, DISTRICTS, type District } from '../place.js';
import {
  BRAND_CHARS,
  COMPANY_INDUSTRIES,
  COOPERATIVE_TRADES,
  GIVEN_NAME_CHARS,
  OWNER_MARKERS,
  PARTNERSHIP_TRADES,
  ROADS,
  SHOP_TRADES,
  SOLE_ENTERPRISE_TRADES,
  SURNAMES,
} from './vocabulary.js';

/** A registered entity (company, sole proprietor, co-operative …) as the generator makes it. */
export interface EntityRow {
  id: number;
  name: string;
  creditCode: string;
  status: EntityStatus;
  entType: string;
  setupDate: string;
  legalRep: string;
  regionCode: string;
  address: string;
  /** The district credit site the entity belongs to, when its district has one. */
  districtId: string | null;
  /** Index into DISTRICTS. */
  districtIndex: number;
}

type NameForm = 'company' | 'joint-stock' | 'sole' | 'partnership' | 'individual' | 'cooperative';

/** Entity types (as the registration authority spells them) and how often they occur. */
const ENTITY_KINDS: readonly (readonly [{ entType: string; form: NameForm }, number])[] = [
  [{ entType: '有限责任公司(自然人投资或控股)', form: 'company' }, 48],
  [{ entType: '有限责任公司(自然人独资)', form: 'company' }, 13],
  [{ entType: '有限责任公司(法人独资)', form: 'company' }, 6],
  [{ entType: '有限责任公司(国有独资)', form: 'company' }, 0.5],
  [{ entType: '有限责任公司(台港澳法人独资)', form: 'company' }, 0.8],
  [{ entType: '股份有限公司(非上市)', form: 'joint-stock' }, 2.5],
  [{ entType: '股份有限公司(上市)', form: 'joint-stock' }, 0.2],
  [{ entType: '个人独资企业', form: 'sole' }, 4],
  [{ entType: '有限合伙企业', form: 'partnership' }, 1.5],
  [{ entType: SOLE_PROPRIETOR_MARK, form: 'individual' }, 15],
  [{ entType: '农民专业合作社', form: 'cooperative' }, 3],
];

const STATUSES: readonly (readonly [EntityStatus, number])[] = [
  ['存续', 82],
  ['注销', 9],
  ['吊销', 6],
  ['其他', 3],
];

/** Registration-authority code 9 (market regulation) + entity category (GB 32100-2015). */
const CODE_PREFIX: Readonly<Record<NameForm, string>> = {
  company: '91',
  'joint-stock': '91',
  sole: '91',
  partnership: '91',
  individual: '92',
  cooperative: '93',
};

// Trade names (字号): ordered pairs of distinct characters first, then triples once pairs run out.
const BRANDS = BRAND_CHARS.length;
const PAIRS = BRANDS * (BRANDS - 1);
const TRIPLES = PAIRS * (BRANDS - 2);

function pairAt(k: number): [number, number] {
  const first = Math.floor(k / (BRANDS - 1));
  const second = k % (BRANDS - 1);
  return [first, second >= first ? second + 1 : second];
}

function brandAt(k: number, level: number): string {
  if (level === 0) {
    const [a, b] = pairAt(k);
    return BRAND_CHARS[a]! + BRAND_CHARS[b]!;
  }
  const [a, b] = pairAt(Math.floor(k / (BRANDS - 2)));
  let c = k % (BRANDS - 2);
  for (const used of [Math.min(a, b), Math.max(a, b)]) if (c >= used) c += 1;
  return BRAND_CHARS[a]! + BRAND_CHARS[b]! + BRAND_CHARS[c]!;
}

const OWNER_BRANDS = SURNAMES.length * OWNER_MARKERS.length;
const TOWNS = DISTRICTS.flatMap((district, districtIndex) => district.towns.map((town) => ({ town, districtIndex })));
const COMPANY_REGIONS = [CITY.name, CITY.shortName, ...DISTRICTS.map((d) => CITY.name + d.name)];
const SOLE_REGIONS = [CITY.name, ...DISTRICTS.map((d) => CITY.name + d.name)];

/** A name space: three dimensions (region, trade name, trade), each level with more trade names. */
interface NameSpace {
  regions: number;
  brands: readonly number[];
  trades: number;
}

const NAME_SPACES: Readonly<Record<NameForm, NameSpace>> = {
  company: { regions: COMPANY_REGIONS.length, brands: [PAIRS, TRIPLES], trades: COMPANY_INDUSTRIES.length },
  'joint-stock': { regions: COMPANY_REGIONS.length, brands: [PAIRS, TRIPLES], trades: COMPANY_INDUSTRIES.length },
  sole: { regions: SOLE_REGIONS.length, brands: [PAIRS, TRIPLES], trades: SOLE_ENTERPRISE_TRADES.length },
  partnership: { regions: COMPANY_REGIONS.length, brands: [PAIRS, TRIPLES], trades: PARTNERSHIP_TRADES.length },
  individual: { regions: DISTRICTS.length, brands: [OWNER_BRANDS + PAIRS, TRIPLES], trades: SHOP_TRADES.length },
  cooperative: { regions: TOWNS.length, brands: [PAIRS, TRIPLES], trades: COOPERATIVE_TRADES.length },
};

const permutations = new Map<string, (index: number) => number>();
function permutation(size: number, seed: number): (index: number) => number {
  const key = `${size}:${seed}`;
  let perm = permutations.get(key);
  if (!perm) {
    perm = seededPermutation(size, seed);
    permutations.set(key, perm);
  }
  return perm;
}

/**
 * The name combination of entity `index`: a seeded bijection over the form's space, so names
 * of one form never repeat (the spaces hold well over a million names each).
 */
function combination(form: NameForm, index: number, seed: number) {
  const space = NAME_SPACES[form];
  let offset = index;
  for (let level = 0; level < space.brands.length; level++) {
    const size = space.regions * space.brands[level]! * space.trades;
    if (offset < size || level === space.brands.length - 1) {
      const value = permutation(size, mixSeed(seed, level, size))(offset);
      const trade = value % space.trades;
      const rest = Math.floor(value / space.trades);
      return { level, trade, brand: rest % space.brands[level]!, region: Math.floor(rest / space.brands[level]!) };
    }
    offset -= size;
  }
  throw new RangeError('unreachable');
}

/** A Chinese personal name; common surnames come up more often. */
export function personName(random: Random, surname?: string): string {
  const family = surname ?? SURNAMES[Math.floor(SURNAMES.length * random.float() ** 1.8)]!;
  const given = random.pick(GIVEN_NAME_CHARS) + (random.chance(0.72) ? random.pick(GIVEN_NAME_CHARS) : '');
  return family + given;
}

/** GB 11714 check character of an 8-character organization-code body. */
function organizationCheckChar(body: string): string {
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += parseInt(body[i]!, 36) * weights[i]!;
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

function base31(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = CREDIT_CODE_CHARSET[rest % 31]! + out;
    rest = Math.floor(rest / 31);
  }
  return out;
}

const ORG_BODY_SPACE = 31 ** 8;

/** A unified social credit code whose organization-code part is derived from a unique number. */
export function creditCode(prefix: string, regionCode: string, uniqueNumber: number): string {
  const body = base31(uniqueNumber, 8);
  const first17 = prefix + regionCode + body + organizationCheckChar(body);
  return first17 + creditCodeCheckChar(first17)!;
}

/** The credit code of entity `index`: unique across all entities of one seed. */
function entityCreditCode(prefix: string, regionCode: string, index: number, seed: number): string {
  return creditCode(prefix, regionCode, permutation(ORG_BODY_SPACE, mixSeed(seed, 0xc0de))(index));
}

const SETUP_FIRST = dayNumber('1995-01-01');
const SETUP_LAST = dayNumber('2025-12-31');

/** Salt of the entity streams, so entity i and licence i draw different numbers. */
export const ENTITY_SALT = 0x0e17;

/** Entity number `index` (0-based; its id is index + 1) of the data set `seed`. */
export function entityAt(seed: number, index: number): EntityRow {
  const random = new Random(mixSeed(seed, ENTITY_SALT, index));
  const { entType, form } = random.weighted(ENTITY_KINDS);
  const combo = combination(form, index, seed);
  const brand = (k: number) => brandAt(k, combo.level);
  let name: string;
  let districtIndex: number;
  let ownerSurname: string | undefined;
  switch (form) {
    case 'company':
    case 'joint-stock':
    case 'partnership': {
      const region = COMPANY_REGIONS[combo.region]!;
      districtIndex = combo.region >= 2 ? combo.region - 2 : random.int(DISTRICTS.length);
      const trade =
        form === 'partnership'
          ? PARTNERSHIP_TRADES[combo.trade]!
          : COMPANY_INDUSTRIES[combo.trade]! + (form === 'company' ? '有限公司' : '股份有限公司');
      name = region + brand(combo.brand) + trade;
      break;
    }
    case 'sole': {
      districtIndex = combo.region >= 1 ? combo.region - 1 : random.int(DISTRICTS.length);
      name = SOLE_REGIONS[combo.region]! + brand(combo.brand) + SOLE_ENTERPRISE_TRADES[combo.trade]!;
      break;
    }
    case 'individual': {
      districtIndex = combo.region;
      let tradeName: string;
      if (combo.level === 0 && combo.brand < OWNER_BRANDS) {
        ownerSurname = SURNAMES[Math.floor(combo.brand / OWNER_MARKERS.length)]!;
        tradeName = ownerSurname + OWNER_MARKERS[combo.brand % OWNER_MARKERS.length]!;
      } else {
        tradeName = brand(combo.level === 0 ? combo.brand - OWNER_BRANDS : combo.brand);
      }
      name = CITY.name + DISTRICTS[districtIndex]!.name + tradeName + SHOP_TRADES[combo.trade]!;
      break;
    }
    case 'cooperative': {
      const { town, districtIndex: townDistrict } = TOWNS[combo.region]!;
      districtIndex = townDistrict;
      name =
        CITY.name +
        DISTRICTS[districtIndex]!.name +
        town +
        brand(combo.brand) +
        COOPERATIVE_TRADES[combo.trade]! +
        '专业合作社';
      break;
    }
  }
  const district: District = DISTRICTS[districtIndex]!;
  // Recent years register far more entities; sole proprietors skew younger still.
  const skew = form === 'individual' ? 0.45 : 0.7;
  const setupDate = formatDay(SETUP_FIRST + Math.floor((SETUP_LAST - SETUP_FIRST + 1) * random.float() ** skew));
  const road = random.pick(ROADS);
  let address = `${CITY.name}${district.name}${road}${random.between(1, 399)}号`;
  if (form !== 'individual' && random.chance(0.6)) {
    address += `${random.between(1, 12)}号楼${random.between(1, 28)}${String(random.between(1, 20)).padStart(2, '0')}室`;
  }
  return {
    id: index + 1,
    name,
    creditCode: entityCreditCode(CODE_PREFIX[form], district.regionCode, index, seed),
    status: random.weighted(STATUSES),
    entType,
    setupDate,
    legalRep: personName(random, ownerSurname),
    regionCode: district.regionCode,
    address,
    districtId: district.site?.recordId ?? null,
    districtIndex,
  };
}

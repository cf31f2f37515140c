import { creditCode } from './entity.js';
import { mixSeed } from '../../lib/random.js';
import { CITY, type District } from '../place.js';

/** A government department that issues licences or penalties, at city or district level. */
export interface Authority {
  name: string;
  /** Abbreviation that opens its document numbers, e.g. 云市监 or 东市监. */
  abbr: string;
  /** The department's own unified social credit code (category 11: organs of state). */
  code: string;
  /** The district whose site publishes its records; null for city-level departments. */
  district: District | null;
}

interface AgencySpec {
  city: { name: string; abbr: string };
  district?: (d: District) => { name: string; abbr: string };
}

export type AgencyKey =
  'market' | 'environment' | 'housing' | 'transport' | 'health' | 'emergency' | 'tax' | 'fire' | 'urban' | 'tobacco';

const AGENCIES: Readonly<Record<AgencyKey, AgencySpec>> = {
  market: {
    city: { name: '云州市市场监督管理局', abbr: '云市监' },
    district: (d) => ({ name: `云州市${d.name}市场监督管理局`, abbr: `${d.abbr}市监` }),
  },
  environment: {
    city: { name: '云州市生态环境局', abbr: '云环' },
    district: (d) => ({ name: `云州市生态环境局${d.name}分局`, abbr: `云环${d.abbr}` }),
  },
  housing: {
    city: { name: '云州市住房和城乡建设局', abbr: '云建' },
    district: (d) => ({ name: `云州市${d.name}建设局`, abbr: `${d.abbr}建` }),
  },
  transport: { city: { name: '云州市交通运输局', abbr: '云交' } },
  health: {
    city: { name: '云州市卫生健康委员会', abbr: '云卫' },
    district: (d) => ({ name: `云州市${d.name}卫生健康局`, abbr: `${d.abbr}卫` }),
  },
  emergency: {
    city: { name: '云州市应急管理局', abbr: '云应急' },
    district: (d) => ({ name: `云州市${d.name}应急管理局`, abbr: `${d.abbr}应急` }),
  },
  tax: {
    city: { name: '国家税务总局云州市税务局', abbr: '云税' },
    district: (d) => ({ name: `国家税务总局云州市${d.name}税务局`, abbr: `${d.abbr}税` }),
  },
  fire: {
    city: { name: '云州市消防救援支队', abbr: '云消' },
    district: (d) => ({ name: `云州市${d.name}消防救援大队`, abbr: `${d.abbr}消` }),
  },
  urban: {
    city: { name: '云州市城市管理和综合执法局', abbr: '云城管' },
    district: (d) => ({ name: `云州市${d.name}城市管理和综合执法局`, abbr: `${d.abbr}城管` }),
  },
  tobacco: { city: { name: '云州市烟草专卖局', abbr: '云烟' } },
};

/** A stable number from a string (FNV-1a folded through mixSeed), for the departments' codes. */
function stableNumber(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
  return mixSeed(h);
}

const cache = new Map<string, Authority>();

/**
 * The department of `key` that handles an entity of `district`: the district's own office
 * when the department has one and `districtLevel` is asked for, else the city's.
 */
export function authorityOf(key: AgencyKey, district: District, districtLevel: boolean): Authority {
  const spec = AGENCIES[key];
  const local = districtLevel && spec.district ? spec.district(district) : null;
  const cacheKey = local ? `${key}:${district.name}` : key;
  let authority = cache.get(cacheKey);
  if (!authority) {
    const { name, abbr } = local ?? spec.city;
    authority = {
      name,
      abbr,
      code: creditCode('11', local ? district.regionCode : CITY.regionCode, stableNumber(name)),
      district: local ? district : null,
    };
    cache.set(cacheKey, authority);
  }
  return authority;
}

/** True when the department has district offices. */
export const hasDistrictLevel = (key: AgencyKey): boolean => AGENCIES[key].district !== undefined;

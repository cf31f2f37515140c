import { siteIdentity, type SiteIdentity } from '../lib/site.js';

/*
 * The demo's place: the fictional 云州市 (site 信用云州) and its districts, with their region codes,
 * district credit sites and towns. Only the demo data set reads this; the service names its site,
 * city and centre from its configuration (lib/site.ts, whose defaults are this city's) and the
 * districts from the database (district_sites, regions), which the seed fills from here.
 */

/** The city, its short name, its region code and the portal's site name. */
export const CITY = { name: '云州市', shortName: '云州', regionCode: '350200', siteName: '信用云州' } as const;

/** The demo city's identity, as the data set's own records (filed applications' steps) name its centre. */
export const DEMO_SITE: SiteIdentity = siteIdentity({ siteName: CITY.siteName, cityName: CITY.name });

export interface District {
  /** District name without the city, e.g. 东湖区. */
  name: string;
  /** One-character abbreviation used in document numbers, e.g. 东. */
  abbr: string;
  regionCode: string;
  /** The district credit site, when the district has one. */
  site?: { recordId: string; categoryId: string; cmsBaseId: string; siteName: string; layout: 'full' | 'placeholder' };
  /** Towns, for rural co-operatives. */
  towns: readonly string[];
}

/** The city's districts, in the order of the portal's district list. */
export const DISTRICTS: readonly District[] = [
  {
    name: '东湖区',
    abbr: '东',
    regionCode: '350202',
    site: { recordId: '9001', categoryId: '6001', cmsBaseId: '11', siteName: '信用东湖', layout: 'full' },
    towns: ['湖心街道', '东港街道', '滨湖街道', '梧桐街道'],
  },
  {
    name: '西山区',
    abbr: '西',
    regionCode: '350204',
    site: { recordId: '9002', categoryId: '6002', cmsBaseId: '12', siteName: '信用西山', layout: 'placeholder' },
    towns: ['莲塘镇', '石桥镇', '溪口镇', '青山乡', '枫林镇', '梅溪镇'],
  },
  {
    name: '南港区',
    abbr: '南',
    regionCode: '350207',
    site: { recordId: '9003', categoryId: '6003', cmsBaseId: '13', siteName: '信用南港', layout: 'full' },
    towns: ['港口镇', '白沙镇', '渔湾镇', '海门街道'],
  },
  {
    name: '北岭区',
    abbr: '北',
    regionCode: '350208',
    site: { recordId: '9004', categoryId: '6004', cmsBaseId: '14', siteName: '信用北岭', layout: 'full' },
    towns: ['龙泉镇', '岭下镇', '双溪镇', '茶园乡', '竹坑乡'],
  },
  { name: '青屿区', abbr: '青', regionCode: '350209', towns: ['青屿镇', '云台镇', '沙埕镇'] },
];

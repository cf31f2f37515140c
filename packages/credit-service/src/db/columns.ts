import type { LicenceDetail, PenaltyDetail } from '@credit-portal/shared';

/* The double-disclosure columns of the licences and penalties tables, named by their national field codes. */

const COUNTERPART_CODES = ['SHXYM', 'ZZJG', 'GSZC', 'SWDJ', 'SYDW', 'SHZZ'] as const;

/** Licence columns after id, entity_id, district_id, in table order. */
export const LICENCE_FIELDS = [
  'XK_XDR_LB',
  'XK_WSH',
  'XK_XKZS',
  'XK_XKLB',
  'XK_XKBH',
  'XK_NR',
  'XK_XDR_MC',
  ...COUNTERPART_CODES.map((c) => `XK_XDR_${c}` as const),
  'XK_FRDB',
  'XK_JDRQ',
  'XK_YXQZ',
  'XK_YXQZI',
  'XK_XKJG',
  'XK_XKJGDM',
  'XK_LYDW',
  'XK_LYDWDM',
  'UPDATETIME',
] as const satisfies readonly (keyof LicenceDetail)[];

/** Penalty columns after id, entity_id, district_id, in table order. */
export const PENALTY_FIELDS = [
  'CF_XDR_LB',
  'CF_WSH',
  'CF_CFLB',
  'CF_NR_FK',
  'CF_NR_WFFF',
  'CF_NR_ZKDX',
  'CF_SY',
  ...COUNTERPART_CODES.map((c) => `CF_XDR_${c}` as const),
  'CF_YJ',
  'CF_NR',
  'CF_WFXW',
  'CF_XDR_MC',
  'CF_FRDB',
  'CF_JDRQ',
  'CF_CFJG',
  'CF_GSJZQ',
  'CF_SJLY',
  'CF_ZT',
  'UPDATETIME',
] as const satisfies readonly (keyof PenaltyDetail)[];

/** Penalty columns of migration 8 (publicity by severity, repair, natural persons), in insert order. */
export const PENALTY_PUBLICITY_COLUMNS = ['severity', 'repaired_on', 'CF_XDR_ZJLX', 'CF_XDR_ZJHM'] as const;

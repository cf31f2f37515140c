import type { RepairPunishRow } from '@credit-portal/shared';

/** A penalty of one of DEMO_A's entities that a repair or an objection can be filed against. */
export const ROW: RepairPunishRow = {
  id: '905',
  EntityId: '1001',
  CF_WSH: '云市监罚〔2025〕88号',
  CF_XDR_MC: '云州市恒信科技有限公司',
  CF_XDR_SHXYM: '91520100MA6H00001X',
  CF_CFLB: '罚款',
  CF_WFXW: '虚假宣传',
  CF_JDRQ: '2025-01-10',
  CF_CFJG: '云州市市场监督管理局',
  CF_GSJZQ: '2026-07-10',
  Severity: '一般',
  CF_ZT: '正常',
  RepairableFrom: '2025-04-10',
  Repairable: true,
  Objectionable: true,
  Note: '',
};

import { type LicenceDetail, type LoginResult, type PenaltyDetail } from '@credit-portal/shared';

/**
 * A login as the gateway answers it (typed by the shared LoginResult schema). The token is no
 * readable JWT, so the SPA treats it as valid until the server says otherwise.
 */
export function loginResult(mobile = '13912345678'): LoginResult {
  return {
    UserInfo: { User: { Mobile: mobile, JwtToken: `token-of-${mobile}` } },
    JwtToken: `token-of-${mobile}`,
    RealAuthInfo: { LoginType: 'User', AuthTime: '2026-03-01T08:00:00Z', ExpireTime: '2026-03-01T10:00:00Z' },
  };
}

/** The bearer header a call made with `loginResult(mobile)` carries. */
export const bearerOf = (mobile = '13912345678'): string => `Bearer token-of-${mobile}`;

/** A licence publication with every field filled (typed by the shared LicenceDetail schema). */
export function licenceDetail(over: Partial<LicenceDetail> = {}): LicenceDetail {
  return {
    id: '701',
    XK_XDR_LB: '法人及非法人组织',
    XK_WSH: '云市监许〔2026〕12号',
    XK_XKZS: '食品经营许可证',
    XK_XKLB: '普通',
    XK_XKBH: 'JY13502020012345',
    XK_NR: '预包装食品销售',
    XK_XDR_MC: '云州市恒信科技有限公司',
    XK_XDR_SHXYM: '91520100MA6H000001',
    XK_XDR_ZZJG: 'MA6H00000',
    XK_XDR_GSZC: '520100000000001',
    XK_XDR_SWDJ: '91520100MA6H000001',
    XK_XDR_SYDW: '',
    XK_XDR_SHZZ: '',
    XK_FRDB: '王明',
    XK_JDRQ: '2026-03-01',
    XK_YXQZ: '2026-03-01',
    XK_YXQZI: '2031-02-28',
    XK_XKJG: '云州市市场监督管理局',
    XK_XKJGDM: '11520100MB0000000X',
    XK_LYDW: '云州市市场监督管理局',
    XK_LYDWDM: '11520100MB0000000X',
    UPDATETIME: '2026-03-02 10:00:00',
    ...over,
  };
}

/** A penalty publication in publicity with every field filled (typed by the shared PenaltyDetail schema). */
export function penaltyDetail(over: Partial<PenaltyDetail> = {}): PenaltyDetail {
  return {
    id: '901',
    CF_XDR_LB: '法人及非法人组织',
    CF_WSH: '云市监罚〔2026〕3号',
    CF_CFLB: '罚款',
    CF_NR_FK: '0.5',
    CF_NR_WFFF: '0',
    CF_NR_ZKDX: '无',
    CF_SY: '销售过期食品',
    CF_XDR_SHXYM: '92520100MA6H000002',
    CF_XDR_ZZJG: 'MA6H00002',
    CF_XDR_GSZC: '520100000000002',
    CF_XDR_SWDJ: '92520100MA6H000002',
    CF_XDR_SYDW: '',
    CF_XDR_SHZZ: '',
    CF_XDR_ZJLX: '',
    CF_XDR_ZJHM: '',
    CF_YJ: '《中华人民共和国食品安全法》第一百二十四条',
    CF_NR: '罚款五千元',
    CF_WFXW: '食品安全',
    CF_XDR_MC: '云州市某餐饮店',
    CF_FRDB: '李华',
    CF_JDRQ: '2026-02-20',
    CF_CFJG: '云州市市场监督管理局',
    CF_GSJZQ: '2027-02-20',
    CF_SJLY: '云州市市场监督管理局',
    CF_ZT: '正常',
    severity: '一般',
    UPDATETIME: '2026-02-21 09:00:00',
    publicized: true,
    publicityNote: '',
    ...over,
  };
}

import { PAGE_SIZE, normalizeKeyword, type PunishSearchRow } from '@credit-portal/shared';
import { vi } from 'vitest';
import { clearLogin } from '@/lib/login-session';
import type { FakeRequest } from '../../fake-gateway';

/*
 * What the 信息公示 page tests (disclosure-pages*.test.tsx) share: a list call's page, searched as
 * the service searches, the penalties of the double-disclosure list, and the clean-up after a test.
 */

/** After each test: no login left for the next, and the stubbed globals restored. */
export function forgetLogin() {
  clearLogin();
  vi.unstubAllGlobals();
}

/** One page of rows as the list calls answer it, searched by `keyword` as the service does (normalized). */
export function pageOf<Row>(
  rows: readonly Row[],
  request: FakeRequest,
  keywordParam: string,
  fields: (row: Row) => string[],
) {
  const keyword = normalizeKeyword(request.query.get(keywordParam));
  const found = rows.filter((row) => !keyword || fields(row).some((field) => field.includes(keyword)));
  const size = Number(request.query.get('pageSize') ?? PAGE_SIZE.publicity);
  const start = (Number(request.query.get('pageIndex') ?? 1) - 1) * size;
  return { list: found.slice(start, start + size), totalCount: found.length };
}

export const PUNISHMENTS: PunishSearchRow[] = Array.from({ length: 15 }, (_, i) => ({
  id: String(901 + i),
  cF_WSH: `云市监罚〔2026〕${i + 1}号`,
  cF_XDR_MC: `云州市第${i + 1}餐饮店`,
  cF_JDRQ: '2026-02-20',
  cF_CFJG: '云州市市场监督管理局',
  cF_ZT: '正常',
}));

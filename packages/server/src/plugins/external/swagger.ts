import fp from 'fastify-plugin';
import {
  API_PATHS,
  ErrorEnvelopeSchema,
  GATEWAY_PATHS,
  NormalizedEnvelope,
  OPEN_DATA_LIMITS,
  OPEN_DATA_TAG,
  UPSTREAM_ROUTES,
  type UpstreamRoute,
} from '@credit-portal/shared';
import { registerDocs } from '@credit-portal/node-common';

/** The gateway's own documented paths; anything else that is not a contract row (SPA files) is left out. */
const GATEWAY_DOCUMENTED = new Set<string>([
  API_PATHS.visitLog,
  GATEWAY_PATHS.runtimeConfig,
  GATEWAY_PATHS.cachePurge,
  GATEWAY_PATHS.health,
]);

/** The documented answers of one contract row: its data in the normalized envelope, and the refusals. */
function responsesOf(row: UpstreamRoute): Record<string, unknown> {
  const ok = row.data ? NormalizedEnvelope(row.data) : { description: '上游原样返回（二进制）' };
  return {
    200: ok,
    ...(row.conditional || row.tag === OPEN_DATA_TAG
      ? { 304: { description: '未修改（If-None-Match / If-Modified-Since）' } }
      : {}),
    ...(row.dialect === 'binary' ? {} : { 400: ErrorEnvelopeSchema }),
    ...(row.tag === OPEN_DATA_TAG ? { 404: ErrorEnvelopeSchema } : {}),
    ...(row.auth ? { 401: ErrorEnvelopeSchema } : {}),
    429: ErrorEnvelopeSchema,
    502: ErrorEnvelopeSchema,
    503: ErrorEnvelopeSchema,
    504: ErrorEnvelopeSchema,
  };
}

/**
 * OpenAPI at /docs (UI) and /docs/json: every route with the schemas it is validated with. The
 * proxy routes come from the shared contract rows, so each row's answer (`data` in the
 * normalized envelope) and refusals are documented from the row itself; a new row appears here
 * without any change to this file, unless it is marked testOnly. Registered before the routes (it collects them as they are added).
 */
export default fp(
  async (app) => {
    // A binary prefix row is registered by @fastify/http-proxy as `<prefix>/*` (and the bare prefix).
    const rows = new Map(
      UPSTREAM_ROUTES.flatMap((row): [string, UpstreamRoute][] => {
        if (!row.prefix) return [[row.path, row]];
        const bare = row.path.replace(/\/+$/, '');
        return [[`${bare}/*`, row]];
      }),
    );
    await registerDocs(app, {
      title: `${app.config.runtime.siteName} 信用门户网关 API`,
      description:
        '浏览器调用的全部上游路由（统一信封 { ok, code, message, data }）、访问日志接收、运行时配置与缓存清除。' +
        '/metrics 与 /readyz 详情在管理端口，不在此列。',
      tags: [
        { name: 'credit', description: '信用数据接口（上游 CREDIT_API_URL）' },
        { name: 'cms', description: '内容管理接口（上游 CMS_API_URL）' },
        { name: 'report', description: '报告服务接口（上游 REPORT_API_URL）' },
        { name: 'gateway', description: '网关自身的接口' },
        {
          name: OPEN_DATA_TAG,
          description:
            '开放数据：当日处于公示期内的双公示行政许可、行政处罚与各类名单。GET /open/v1/datasets 列出数据集、文件（CSV 与 JSON Lines，' +
            '含行数、字节数与 SHA-256）和字段说明；GET /open/v1/records?dataset=&limit=&cursor= 按游标分页读取记录' +
            `（limit 1–${OPEN_DATA_LIMITS.maxLimit}，默认 ${OPEN_DATA_LIMITS.defaultLimit}；以上一页的 nextCursor 取下一页，为 null 即读完；游标不透明、按日有效）；` +
            'GET /open/v1/files/{date}/{file} 下载当日文件与 manifest.json。应答带 ETag 与 Last-Modified，条件请求返回 304；' +
            '每个客户端共用一份配额，超出返回 429 与 Retry-After（统一信封）。',
        },
      ],
      transform: ({ schema, url, route }) => {
        const row = rows.get(url);
        const base = { ...(schema ?? {}) } as Record<string, unknown>;
        // Test-mode and demo-only rows are proxied when their mode is on, never documented.
        if (row?.testOnly) return { schema: { ...base, hide: true }, url };
        if (!row) {
          if (!GATEWAY_DOCUMENTED.has(url)) return { schema: { ...base, hide: true }, url };
          return { schema: { ...base, hide: false, tags: ['gateway'] }, url };
        }
        return {
          schema: {
            ...base,
            tags: [row.tag ?? row.upstream],
            summary: `${[route.method].flat().join(', ')} ${row.path}`,
            ...(row.auth ? { security: [{ bearer: [] }] } : {}),
            response: responsesOf(row),
          },
          url,
        };
      },
    });
  },
  { name: 'swagger' },
);

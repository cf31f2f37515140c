import fp from 'fastify-plugin';
import { UPSTREAM_ROUTES } from '@credit-portal/shared';
import { registerDocs } from '@credit-portal/node-common';

/**
 * What /docs never lists: the HTML pages (the old site's, the review page),
 * and the demo stand-ins of the centre's external services — the face verification, the chat
 * app's authorization (/oauth/…), the outbox — which run on a test bench only.
 */
const UNDOCUMENTED_PREFIXES = ['/oldsite', '/faceverify', '/oauth/', '/outbox'];

/** The contract rows of test mode and of the demo (the H5 test login, the chat-app stand-in's identities). */
const TEST_ONLY_PATHS: ReadonlySet<string> = new Set(
  UPSTREAM_ROUTES.filter((row) => row.testOnly).map((row) => row.path),
);

/** True for a route the API documentation leaves out. */
export function undocumented(url: string): boolean {
  return TEST_ONLY_PATHS.has(url) || UNDOCUMENTED_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * OpenAPI of the reference upstream at /docs (UI) and /docs/json, from each route's schemas
 * (the shared contract rows' query, body and answer schemas in the legacy dialects). Registered
 * before the routes; what `undocumented` names is left out.
 */
export default fp(
  async (app) => {
    await registerDocs(app, {
      title: `${app.site.siteName} 参考上游服务 API（credit-service）`,
      description:
        '内容管理、信用数据、账号登录与访问日志接收的参考实现，使用旧版信封方言（msg / errorCode）。生产环境中网关指向中心的真实系统。',
      transform: ({ schema, url }) => ({
        schema: { ...(schema ?? {}), ...(undocumented(url) ? { hide: true } : {}) },
        url,
      }),
    });
  },
  { name: 'swagger' },
);

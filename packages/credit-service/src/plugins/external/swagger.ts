import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/**
 * OpenAPI of the reference upstream at /docs (UI) and /docs/json, from each route's schemas
 * (the shared contract rows' query, body and answer schemas in the legacy dialects). Registered
 * before the routes; the test controls and the old-site HTML pages are left out.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: '信用云州 参考上游服务 API（credit-service）',
          description:
            '内容管理、信用数据、账号登录与访问日志接收的参考实现，使用旧版信封方言（msg / errorCode）。生产环境中网关指向中心的真实系统。',
          version: '1',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: ({ schema, url }) => {
        const hidden = url.startsWith('/__control') || url.startsWith('/oldsite');
        return { schema: { ...(schema ?? {}), ...(hidden ? { hide: true } : {}) }, url };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: false } });
  },
  { name: 'swagger' },
);

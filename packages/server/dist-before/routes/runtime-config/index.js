import { GATEWAY_PATHS, NormalizedEnvelope, RuntimeConfigSchema, SUCCESS_CODE } from '@credit-portal/shared';
const RuntimeConfigEnvelope = NormalizedEnvelope(RuntimeConfigSchema);
/** The site identity and external-page addresses, so one SPA build runs in every deployment. */
const runtimeConfigRoutes = async (app) => {
    const body = { ok: true, code: SUCCESS_CODE, message: 'ok', data: app.config.runtime };
    app.get(GATEWAY_PATHS.runtimeConfig, { schema: { response: { 200: RuntimeConfigEnvelope } } }, async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return body;
    });
};
export default runtimeConfigRoutes;
//# sourceMappingURL=index.js.map
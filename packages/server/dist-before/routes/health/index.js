import { Type } from 'typebox';
import { GATEWAY_PATHS, NormalizedEnvelope, SUCCESS_CODE } from '@credit-portal/shared';
export const HealthSchema = NormalizedEnvelope(Type.Object({ status: Type.Literal('ok'), uptimeSeconds: Type.Number() }));
/** The liveness answer, the same on the public and the admin listener. */
export function healthAnswer() {
    return {
        ok: true,
        code: SUCCESS_CODE,
        message: 'ok',
        data: { status: 'ok', uptimeSeconds: Math.round(process.uptime()) },
    };
}
/**
 * /healthz on the public listener: the process is alive (the load balancer's and the image's
 * HEALTHCHECK probe). Readiness details and metrics are on the admin listener only
 * (routes/admin). While the gateway shuts down every request, this one included, answers 503.
 */
const healthRoutes = async (app) => {
    app.get(GATEWAY_PATHS.health, { config: { rateLimit: false }, schema: { hide: true, response: { 200: HealthSchema } } }, async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return healthAnswer();
    });
};
export default healthRoutes;
//# sourceMappingURL=index.js.map
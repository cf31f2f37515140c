import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
export declare const HealthSchema: Type.TObject<{
    ok: Type.TBoolean;
    code: Type.TUnion<[Type.TNumber, Type.TString]>;
    message: Type.TString;
    data: Type.TObject<{
        status: Type.TLiteral<"ok">;
        uptimeSeconds: Type.TNumber;
    }>;
}>;
/** The liveness answer, the same on the public and the admin listener. */
export declare function healthAnswer(): {
    ok: boolean;
    code: number;
    message: string;
    data: {
        status: "ok";
        uptimeSeconds: number;
    };
};
/**
 * /healthz on the public listener: the process is alive (the load balancer's and the image's
 * HEALTHCHECK probe). Readiness details and metrics are on the admin listener only
 * (routes/admin). While the gateway shuts down every request, this one included, answers 503.
 */
declare const healthRoutes: FastifyPluginAsyncTypebox;
export default healthRoutes;

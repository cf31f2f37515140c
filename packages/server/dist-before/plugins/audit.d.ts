import { AuditWriter, type AuditEvent, type AuditResult } from '@credit-portal/shared';
declare module 'fastify' {
    interface FastifyInstance {
        /** The gateway's audit trail. */
        audit: {
            writer: AuditWriter;
            /** Writes a record of a request; resolves once durable, never rejects (a failure is logged loudly). */
            record(request: FastifyRequest, event: AuditEvent, note: {
                result: AuditResult;
                reason?: string | null;
                actor: string;
                details?: Record<string, unknown>;
            }): Promise<void>;
        };
    }
}
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;

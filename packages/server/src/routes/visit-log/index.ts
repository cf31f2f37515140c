import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  ERROR_CODES,
  EncodedMessageBodySchema,
  ErrorEnvelopeSchema,
  NormalizedEnvelope,
} from '@credit-portal/shared';
import { GatewayError, retryAfter } from '../../lib/errors.js';
import { gatewayJsonParser } from '../../plugins/json-body.js';
import {
  decodePayload,
  enrich,
  observeWebVitals,
  validateRecords,
  type RejectedRecord,
} from '../../visit-log/intake.js';
import { QueueFullError, QueueUnavailableError } from '../../visit-log/visit-log-stream.js';

const RejectedSchema = Type.Array(Type.Object({ index: Type.Integer({ minimum: 0 }), reason: Type.String() }));

const AcceptedSchema = NormalizedEnvelope(
  Type.Object({
    /** Records queued for the upstream. */
    accepted: Type.Integer({ minimum: 0 }),
    /** Records refused, by their index in `messages`. */
    rejected: RejectedSchema,
  }),
);

const RefusedSchema = NormalizedEnvelope(Type.Union([Type.Null(), Type.Object({ rejected: RejectedSchema })]));

const describe = (rejected: readonly RejectedRecord[]): string => rejected.map((r) => `#${r.index}`).join('、');

/**
 * POST /visitstatics/EncodeMsgs: the browser's visit logs, `{ message }` as JSON or as the
 * text/plain body of navigator.sendBeacon. Valid records are enriched and queued and the answer
 * is 202 only once they are; invalid ones are listed by index. Smaller body limit and its own
 * per-IP rate limit.
 */
const visitLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { visitLog, rateLimit } = app.config;

  // sendBeacon's text/plain body is JSON: the same streamed shape limits and parser.
  app.addContentTypeParser('text/plain', gatewayJsonParser(app));

  const refusal = {
    ok: false,
    code: ERROR_CODES.upstreamUnavailable,
    message: '访问日志暂时无法接收，请稍后重试',
    data: null,
  } as const;

  app.post(
    API_PATHS.visitLog,
    {
      // Under sustained overload (the forwarder VISITLOG_SHED_LAG events behind) posts are shed
      // before their body is read: 503 + Retry-After, the browser keeps the events and resends.
      onRequest: (_request, reply, done) => {
        if (!app.visitLogShedding()) {
          done();
          return;
        }
        app.metrics.visitLogShed.inc();
        void reply
          .code(503)
          .headers(retryAfter(visitLog.retryAfterSeconds * 1000))
          .header('cache-control', 'no-store')
          .send(refusal);
      },
      bodyLimit: visitLog.bodyLimitBytes,
      config: { rateLimit: { max: rateLimit.visitLogMax, timeWindow: rateLimit.windowMs } },
      schema: {
        body: EncodedMessageBodySchema,
        response: { 202: AcceptedSchema, 400: RefusedSchema, 413: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const messages = decodePayload(request.body.message, visitLog.appToken);
      const { valid, rejected } = validateRecords(messages);
      app.metrics.visitLogRejected.inc(rejected.length);
      if (valid.length === 0 && rejected.length > 0) {
        throw new GatewayError(400, ERROR_CODES.badRequest, `访问日志记录格式有误：${describe(rejected)}`, {
          rejected,
        });
      }
      const facts = { ip: request.ip, userAgent: request.headers['user-agent'], receivedAt: new Date() };
      const events = valid.map((record) => enrich(record, facts));
      try {
        await app.visitLog.append(events);
      } catch (err) {
        if (err instanceof QueueFullError || err instanceof QueueUnavailableError) {
          // Not queued: the browser keeps the events and sends them again after Retry-After. Answered
          // here, not thrown: the queue logs one line per outage, not the error handler one per post.
          return reply
            .code(503)
            .headers(retryAfter(visitLog.retryAfterSeconds * 1000))
            .header('cache-control', 'no-store')
            .send(refusal);
        }
        throw err;
      }
      app.metrics.visitLogAccepted.inc(events.length);
      // Web Vitals riding on the records: counted here, not forwarded (enrich leaves them out).
      observeWebVitals(app.metrics, valid, facts.userAgent);
      const message =
        rejected.length > 0
          ? `已接收 ${events.length} 条，${rejected.length} 条格式有误：${describe(rejected)}`
          : `已接收 ${events.length} 条`;
      return reply
        .code(202)
        .header('cache-control', 'no-store')
        .send({ ok: true, code: 202, message, data: { accepted: events.length, rejected } });
    },
  );
};

export default visitLogRoutes;

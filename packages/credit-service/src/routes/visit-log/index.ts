import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Compile } from 'typebox/compile';
import {
  API_PATHS,
  EncodedMessageBodySchema,
  ForwardedVisitLogSchema,
  VisitLogPayloadSchema,
  VisitLogReceiptSchema,
  describeIssue,
  isVisitTime,
  type ForwardedVisitLog,
  type ValidationIssue,
} from '@credit-portal/shared';
import { errorCodeOk, errorCodeResponses } from '../../lib/dialect.js';
import { BadRequestError } from '../../lib/errors.js';
import { createVisitLogRepository } from '../../repositories/visit-log.js';
import { decodeVisitLogOnNode } from '@credit-portal/node-common';

const payloadCheck = Compile(VisitLogPayloadSchema);
const recordCheck = Compile(ForwardedVisitLogSchema);
const TIME_FIELDS = ['visitTime', 'receivedLogTime', 'batchHandleTime'] as const;

/** Why a decoded record is not acceptable, or null when it is. */
function recordProblem(record: unknown): string | null {
  if (!recordCheck.Check(record)) {
    const [issue] = recordCheck.Errors(record) as unknown as ValidationIssue[];
    return issue ? describeIssue(issue) : '格式不正确';
  }
  const bad = TIME_FIELDS.find((field) => !isVisitTime(record[field]));
  return bad ? `${bad} 不是有效的时间` : null;
}

/**
 * Receives forwarded visit logs: `message` is base64 of the JSON payload { appToken, messages }.
 * A batch is all or nothing: one broken record rejects it (the sender dead-letters it), so
 * stored data never depends on where a batch was cut; a valid batch (up to 500 events) is stored
 * in one transaction of one prepared statement per event, so it is stored whole or not at all.
 */
const visitLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const visitLogs = createVisitLogRepository(app.db);

  app.post(
    API_PATHS.visitLog,
    { schema: { body: EncodedMessageBodySchema, response: errorCodeResponses(VisitLogReceiptSchema) } },
    async (request) => {
      let payload: unknown;
      try {
        payload = decodeVisitLogOnNode(request.body.message);
      } catch {
        throw new BadRequestError('参数错误：message 不是 Base64 编码的 JSON');
      }
      if (!payloadCheck.Check(payload)) {
        const [issue] = payloadCheck.Errors(payload) as unknown as ValidationIssue[];
        throw new BadRequestError(
          `参数错误：message 内容不正确（${issue ? describeIssue(issue) : '应为 {appToken, messages}'}）`,
        );
      }
      payload.messages.forEach((record, i) => {
        const problem = recordProblem(record);
        if (problem) throw new BadRequestError(`参数错误：第 ${i + 1} 条访问日志 ${problem}`);
      });
      const records = payload.messages as ForwardedVisitLog[];
      const stored = visitLogs.store(payload.appToken, records);
      return errorCodeOk({ received: records.length, stored }, 'ok');
    },
  );
};

export default visitLogRoutes;

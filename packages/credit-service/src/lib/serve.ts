import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  LogLevel,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { ContractBody, ContractQuery, HttpMethod, UpstreamRoute } from '@credit-portal/shared';
import {
  dialectOfPath,
  errorCodeResponses,
  errorResponsesOf,
  msgResponses,
  statusResponses,
  successfulResponses,
  successResponses,
} from './dialect.js';

/** What a route adds to its contract row: its audit event and the like, hooks, a body limit. */
export interface ServeOptions {
  /** The one method served when the row names several (each served by its own handler). */
  method?: HttpMethod;
  /** Route config beside what the row gives (emptyFieldMessages): the audit event, … */
  config?: Omit<FastifyContextConfig, 'emptyFieldMessages'>;
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  bodyLimit?: number;
  /** 'warn' keeps the request line out of the info log (a query that names a person). */
  logLevel?: LogLevel;
}

/** The request of a contract row: its body and query typed by the row's schemas. */
export type ContractRequest<R extends UpstreamRoute> = FastifyRequest<{
  Body: ContractBody<R>;
  Querystring: ContractQuery<R>;
}>;

/** A handler of a contract row. */
export type ContractHandler<R extends UpstreamRoute> = (
  this: FastifyInstance,
  request: ContractRequest<R>,
  reply: FastifyReply,
) => unknown;

/** The answer schemas of a row: its data in its dialect's envelope, the dialect's error otherwise. */
function responsesOf(route: UpstreamRoute) {
  if (route.dialect === 'binary' || route.fileAnswer) return errorResponsesOf(route.path);
  const data: TSchema = route.data ?? Type.Unknown();
  switch (dialectOfPath(route.path).kind) {
    case 'msg':
      return msgResponses(data);
    case 'errorCode':
      return errorCodeResponses(data);
    case 'success':
      return successResponses(data);
    case 'successful':
      return successfulResponses(data);
    case 'status':
      return statusResponses(data);
  }
}

/**
 * Serves a contract row: its path and method, the schemas of its query and body, its answer in
 * its dialect and its empty-field messages all come from the row, so that the row is the one place
 * they are written. What the row cannot say (the audit event, hooks) comes in `options`. Prefix
 * rows (binary files under a path) name their parameters in their own routes.
 */
export function serve<const R extends UpstreamRoute>(
  app: FastifyInstance,
  route: R,
  handler: ContractHandler<R>,
  options: ServeOptions = {},
): void {
  const { method, config, ...hooks } = options;
  app.route({
    method: (method ? [method] : route.methods) as HTTPMethods[],
    url: route.path,
    schema: {
      ...(route.body ? { body: route.body } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      response: responsesOf(route),
    },
    config: { ...config, ...(route.emptyFieldMessages ? { emptyFieldMessages: route.emptyFieldMessages } : {}) },
    ...hooks,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

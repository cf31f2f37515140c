import fp from 'fastify-plugin';
import { jsonShapeProblem, type JsonLimits } from '@credit-portal/shared';
import { BadRequestError } from '../lib/errors.js';

/**
 * Fastify's own JSON parser behind the shared shape limits (depth, members, elements): the text
 * is scanned before JSON.parse, so a body nested thousands deep or thousands wide is refused
 * with 400 in microseconds and never reaches validation or serialization.
 */
export default fp<{ limits: JsonLimits }>(
  async (app, { limits }) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const problem = jsonShapeProblem(body as string, limits);
      if (problem) {
        done(new BadRequestError(`参数错误：${problem}`));
        return;
      }
      parse(request, body as string, done);
    });
  },
  { name: 'json-body' },
);

import fp from 'fastify-plugin';
import { JsonShapeScanner, type JsonLimits } from '@credit-portal/node-common';
import { BAD_REQUEST_PREFIX, BadRequestError } from '../lib/errors.js';

/**
 * Fastify's own JSON parser behind the shared shape limits (depth, members, elements): the bytes
 * are scanned before they are decoded and parsed, so a body nested thousands deep or thousands wide is refused
 * with 400 in microseconds and never reaches validation or serialization.
 */
export default fp<{ limits: JsonLimits }>(
  async (app, { limits }) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const bytes = body as Buffer;
      const problem = new JsonShapeScanner(limits).push(bytes);
      if (problem) {
        done(new BadRequestError(`${BAD_REQUEST_PREFIX}${problem}`));
        return;
      }
      parse(request, bytes.toString('utf8'), done);
    });
  },
  { name: 'json-body' },
);

import fp from 'fastify-plugin';
import { useLimitedJsonParser, type JsonLimits } from '@credit-portal/node-common';
import { ERROR_MESSAGES } from '@credit-portal/shared';
import { BAD_REQUEST_PREFIX, BadRequestError, PayloadTooLargeError } from '../lib/errors.js';

/**
 * node-common's streamed JSON parser behind the shared shape limits (depth, members, elements):
 * each chunk is scanned as it arrives, so a body nested thousands deep or thousands wide is
 * refused with 400 in microseconds and never reaches validation or serialization; a body over the
 * limit is refused with 413 before the rest is read, malformed UTF-8 with 400.
 */
export default fp<{ limits: JsonLimits }>(
  async (app, { limits }) => {
    useLimitedJsonParser(app, {
      limits,
      refuse: {
        tooLarge: () => new PayloadTooLargeError(ERROR_MESSAGES.payload_too_large),
        badRequest: (problem) =>
          new BadRequestError(problem ? `${BAD_REQUEST_PREFIX}${problem}` : ERROR_MESSAGES.bad_request),
      },
    });
  },
  { name: 'json-body' },
);

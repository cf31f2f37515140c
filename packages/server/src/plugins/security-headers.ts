import fp from 'fastify-plugin';
import { setHeadersOnEveryAnswer } from '@credit-portal/node-common';
import { SECURITY_HEADERS } from '../lib/security-headers.js';

export { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../lib/security-headers.js';

/** Sets the precomputed security headers on every answer of the public listener (refusals and 404s too). */
export default fp(
  async (app) => {
    setHeadersOnEveryAnswer(app, SECURITY_HEADERS);
  },
  { name: 'security-headers' },
);

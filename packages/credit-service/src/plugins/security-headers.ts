import fp from 'fastify-plugin';
import { PERMISSIONS_POLICY } from '@credit-portal/shared';
import { setHeadersOnEveryAnswer } from '@credit-portal/node-common';

/**
 * The shared Permissions-Policy on every answer, the HTML pages (old site, review page, the demo
 * stand-ins, /docs) above all: none of them may ask for a camera, microphone, location, payment
 * or device port. The pages set their own CSP and the rest of their headers (html/page.ts).
 */
export default fp(
  async (app) => {
    setHeadersOnEveryAnswer(app, { 'permissions-policy': PERMISSIONS_POLICY });
  },
  { name: 'security-headers' },
);

import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { PERMISSIONS_POLICY } from '@credit-portal/shared';

/**
 * The shared Permissions-Policy on every answer, the HTML pages (old site, review page, the demo
 * stand-ins, /docs) above all: none of them may ask for a camera, microphone, location, payment
 * or device port. The pages set their own CSP and the rest of their headers (html/page.ts).
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      done();
    });
  },
  { name: 'security-headers' },
);

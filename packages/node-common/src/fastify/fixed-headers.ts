import type { FastifyInstance } from 'fastify';

/** Sets the same headers on every answer of a listener (refusals and 404s too): set before anything answers. */
export function setHeadersOnEveryAnswer(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

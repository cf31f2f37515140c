import fp from 'fastify-plugin';
import { SECURITY_HEADERS } from '../lib/security-headers.js';
export { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../lib/security-headers.js';
/** Sets the precomputed security headers on every answer of the public listener (refusals and 404s too). */
export default fp(async (app) => {
    app.addHook('onRequest', (_request, reply, done) => {
        reply.headers(SECURITY_HEADERS);
        done();
    });
}, { name: 'security-headers' });
//# sourceMappingURL=security-headers.js.map
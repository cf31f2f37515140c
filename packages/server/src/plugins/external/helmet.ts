import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers, with a CSP the SPA runs under: its scripts are files (no inline script);
 * antd injects <style> elements, hence 'unsafe-inline' for styles only; images may be data: or
 * blob: URLs; the SPA talks to this origin only. No upgrade-insecure-requests: the gateway may
 * serve plain HTTP behind a TLS-terminating proxy or on a laptop.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          scriptSrcAttr: ["'none'"],
        },
      },
      // Flipbook page images and QR codes may be embedded by the district sites.
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
  },
  { name: 'helmet' },
);

// The package's public entry: the Node-only code the gateway and the credit-service share.
export * from './env-reader.js';
export * from './secret-files.js';
export * from './json-limits.js';
export * from './logger-options.js';
export * from './audit/audit-events.js';
export * from './audit/audit-chain.js';
export * from './audit/audit-verify.js';
export * from './audit/audit-writer.js';
export * from './audit/audit-settings.js';
export * from './audit/audit-trail.js';
export * from './audit/node-storage.js';
export * from './fastify/admin-routes.js';
export * from './fastify/docs.js';
export * from './fastify/fixed-headers.js';
export * from './fastify/request-metrics.js';
export * from './visit-log-codec.js';
export * from './fastify/json-body.js';

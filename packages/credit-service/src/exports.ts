/*
 * What the package exports besides buildApp (app.ts re-exports it): the addresses, defaults and
 * types the gateway, the tests and the tools name.
 */
export { HEALTH_PATH } from './routes/health/index.js';
/** The answer shapes of the service's dialects: what a stand-in upstream in the gateway's tests answers in. */
export { dialectOfPath, errorBody, type ReplyDialect } from './lib/dialect.js';
export { DATABASE_FILE } from './db/open.js';
export { DEFAULT_SEED, DEFAULT_SEED_ENTITIES } from './db/dataset.js';
export { FACE_VERIFY_PATH, WECHAT_AUTHORIZE_PATH } from './html/paths.js';
export { OUTBOX_PATH } from './mail/outbox-routes.js';
export { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './plugins/rate-limits.js';
export { listOutbox, OUTBOX_DIR, type OutboxEntry } from './mail/mailer.js';
export { SCRYPT_PARAMS, type ScryptParams } from './lib/passwords.js';
export { DEFAULT_SEARCH_WORKERS } from './plugins/entity-search.js';
export { DEFAULT_OLD_SITE_URL, DEFAULT_PORTAL_URL, type CreditServiceConfig } from './config.js';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ensureAccountSeed, ensureFulfilmentSeed } from '../../seed/account-seed.js';
import { registerAuthRoutes } from './auth.js';
import { createAccountContext, type AccountOptions } from './context.js';
import { registerEntityDetailRoutes } from './entity-details.js';
import { registerOldSiteRoutes } from './old-site.js';
import { registerPromiseRoutes } from './promises.js';
import { registerRedBlackRoutes } from './red-black.js';
import { registerTicketRoutes } from './tickets.js';

export { OLD_SITE_PREFIX } from './old-site.js';
export type { AccountOptions } from './context.js';

/** Default lifetime of a login token: two hours. */
export const DEFAULT_TOKEN_TTL_SECONDS = 2 * 60 * 60;

/**
 * Accounts and everything behind login (issue 5): registration, password and chat-app login,
 * QR login tickets, the old site's logintoken, binding, the profile, credit promises, the
 * entity details, and the old-site pages. Tokens are HS256 JWTs signed with the configured
 * secret, else a random one kept in the database.
 */
const accountRoutes: FastifyPluginAsyncTypebox<AccountOptions> = async (app, options) => {
  const seeded = ensureAccountSeed(app.db);
  if (seeded) app.log.info(seeded, 'seeded accounts, red/black lists and promises');
  const checked = ensureFulfilmentSeed(app.db);
  if (checked > 0) app.log.info({ checked }, 'filled the promise fulfilment checks');
  const ctx = createAccountContext(app, options);
  registerAuthRoutes(app, ctx);
  registerTicketRoutes(app, ctx);
  registerPromiseRoutes(app, ctx);
  registerEntityDetailRoutes(app, ctx);
  registerOldSiteRoutes(app, ctx);
  registerRedBlackRoutes(app, ctx);
};

export default accountRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createConsentRepository } from '../../repositories/consents.js';
import { createEntityDetailRepository } from '../../repositories/entity-details.js';
import type { SmsSender } from '../../sms/sender.js';
import { registerAuthRoutes } from './auth.js';
import { registerConsentRoutes } from './consent.js';
import { registerEntityDetailRoutes } from './entity-details.js';
import { registerOldSiteRoutes } from './old-site.js';
import { registerPasswordChangeRoutes } from './password-change.js';
import { registerPromiseRoutes } from './promises.js';
import { registerRedBlackRoutes } from './red-black.js';
import { registerSessionRoutes } from './session.js';
import { registerTicketRoutes } from './tickets.js';

export { OLD_SITE_PREFIX } from './old-site.js';

export interface AccountOptions {
  /** The portal's address, which the old-site pages link back to (ends with '/'). */
  portalUrl: string;
  /** The sender of registration's SMS codes; null: none configured (registration says so). */
  sms: SmsSender | null;
  /** The site's name, in the SMS texts. */
  siteName: string;
}

/**
 * Accounts and everything behind login: registration (proven by an SMS code), password and
 * chat-app login (by OAuth authorization code), the consent to the 个人信息处理规则 (asked again
 * when its version changes), 修改密码, QR login tickets, logout and
 * the old site's codes and logintoken (session.ts), binding, the profile, credit promises, the
 * entity details, and the old-site pages. Logins are checked and minted by app.auth (plugins/auth.ts).
 */
const accountRoutes: FastifyPluginAsyncTypebox<AccountOptions> = async (app, options) => {
  const details = createEntityDetailRepository(app.db, app.site);
  const consents = createConsentRepository(app.db);
  registerAuthRoutes(app, { sms: options.sms, siteName: options.siteName, consents });
  registerConsentRoutes(app, consents);
  registerPasswordChangeRoutes(app);
  registerTicketRoutes(app);
  registerSessionRoutes(app);
  registerPromiseRoutes(app, details);
  registerEntityDetailRoutes(app, details);
  registerOldSiteRoutes(app, options.portalUrl);
  registerRedBlackRoutes(app);
};

export default accountRoutes;

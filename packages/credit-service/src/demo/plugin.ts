import fp from 'fastify-plugin';
import { FACE_VERIFY_PATH, WECHAT_AUTHORIZE_PATH } from '../html/paths.js';
import { OUTBOX_PATH } from '../mail/outbox-routes.js';
import { lockDemoAccounts } from './lock-demo-accounts.js';
import { ensureSeed } from './seed/index.js';
import wechatAuthorizeRoutes from './wechat-authorize.js';

export interface DemoPluginOptions {
  /** The demo data set a new database is filled with: PRNG seed, entities, and the day its dates count back from. */
  seed: number;
  entities: number;
  asOf: string;
  /** The portal's address (PORTAL_URL), where the chat app's stand-in sends the browser back. */
  portalUrl: string;
  siteName: string;
  /** What the start-up warning names: how SMS go out, and whether the outbox page is served. */
  sms: 'webhook' | 'outbox';
  outboxPage: boolean;
}

/**
 * The demo wing (`npm start` turns it on with DEMO_STANDINS): the demo data set written into a
 * new database, and the parts of it newer migrations added into an older one; the stand-in of the
 * chat app's authorization page. Registered after auth (the stand-in reads the accounts) and
 * before entity search (whose keys cover what the seed wrote). The face-verification stand-in,
 * the SMS outbox and the mail outbox are modes of their own parts (h5, sms, mailer), switched by
 * the same setting.
 */
export default fp<DemoPluginOptions>(
  async (app, options) => {
    app.log.warn(
      {
        faceVerify: FACE_VERIFY_PATH,
        wechatAuthorize: WECHAT_AUTHORIZE_PATH,
        sms: options.sms,
        outbox: options.outboxPage ? OUTBOX_PATH : null,
      },
      'demo stand-ins are on (face verification, chat-app authorization, SMS to the outbox): for a laptop or a test bench, never for real residents',
    );
    ensureSeed(app.db, { seed: options.seed, entities: options.entities, asOf: options.asOf }, (counts, message) =>
      app.log.info(counts, message),
    );
    await app.register(wechatAuthorizeRoutes, { portalUrl: options.portalUrl, siteName: options.siteName });
  },
  { name: 'demo', dependencies: ['db', 'auth'] },
);

/**
 * Without the demo: a database that holds the demo data set (written by the seed command, or by an
 * earlier start with the demo on) keeps its demo accounts, but their published password stops
 * working, so that nobody logs in as them on a public service.
 */
export const demoAccountsLock = fp(
  async (app) => {
    const locked = await lockDemoAccounts(app.db);
    if (locked > 0) app.log.warn({ locked }, 'demo stand-ins off: the demo accounts’ published password is disabled');
  },
  { name: 'demo-accounts-lock', dependencies: ['db'] },
);

import fp from 'fastify-plugin';
import { createExpiryJob, type ExpiryJob } from './expiry-job.js';
import { registerFollowRoute } from './follow-route.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The publicity-period job (tests run app.expiryJob.run(day)). */
    expiryJob: ExpiryJob;
  }
}

export interface PublicChangesOptions {
  /** The gateways' bearer token for the follow (CHANGES_FEED_TOKEN); unset: callers on this machine only. */
  followToken?: string;
  /** Whether the job runs at Beijing midnight (default on; tests call it). */
  schedule?: boolean;
}

/**
 * The public-changes outbox's delivery: the gateways' follow of it and the job that records the
 * withdrawals of records whose publicity period ended. The changes themselves are recorded by
 * the repositories, inside each change's transaction.
 */
export default fp<PublicChangesOptions>(
  async (app, options) => {
    registerFollowRoute(app, app.db, options.followToken);
    const job = createExpiryJob(app.db, app.log.child({ job: 'publicity-expiry' }), options.schedule ?? true);
    app.decorate('expiryJob', job);
    // The midnights missed while the service was down, once the database is open.
    app.addHook('onReady', async () => {
      job.run();
    });
    app.addHook('preClose', async () => {
      job.stop();
    });
  },
  { name: 'public-changes', dependencies: ['db'] },
);

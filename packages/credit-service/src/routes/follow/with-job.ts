import fp from 'fastify-plugin';
import { createFollowJob } from '../../follow/job.js';
import { createConsentRepository } from '../../repositories/consents.js';
import { createFollowRepository } from '../../repositories/follow.js';
import { createRepairableRepository } from '../../repositories/repairable-notices.js';
import followRoutes from './index.js';

export interface FollowPluginOptions {
  /** The portal's address (ends with /): the mails' links open its pages. */
  portalUrl: string;
  siteName: string;
  /** The job's cron pattern; unset: no schedule (tests run app.followJob.run()). */
  schedule?: string;
}

/**
 * 信用关注: the routes, and the job (app.followJob) that makes notices and mails the daily digests.
 * One plugin because both take the same repository and link key, made once; here, beside the
 * routes, so that no plugin imports a route.
 */
export default fp<FollowPluginOptions>(
  async (app, options) => {
    const { portalUrl, siteName } = options;
    const { mailer } = app;
    const repo = createFollowRepository(app.db);
    const linkKey = repo.linkKey();
    // Publications from here on are news (the seed, or what came before this feature, is not).
    repo.startMarks();
    const consents = createConsentRepository(app.db);
    await app.register(followRoutes, { repo, consents, linkKey, mailer, portalUrl, siteName });
    const followJob = createFollowJob({
      repo,
      repairable: createRepairableRepository(app.db),
      consents,
      mailer,
      linkKey,
      portalUrl,
      siteName,
      log: app.log,
      schedule: options.schedule,
      metrics: app.metrics,
    });
    app.decorate('followJob', followJob);
    // Stopped, and a run in progress finished, before anything closes (the mailer, the database).
    app.addHook('preClose', async () => {
      followJob.stop();
      await followJob.idle();
    });
  },
  { name: 'follow', dependencies: ['db', 'metrics', 'mailer', 'auth'] },
);

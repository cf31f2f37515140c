import fp from 'fastify-plugin';
import { createChangeLog } from '../repositories/change-feed.js';
import {
  DEFAULT_WEBHOOK_RETRY,
  createWebhookWorker,
  type WebhookRetry,
  type WebhookWorker,
} from '../webhooks/delivery.js';
import { webhookSealingKey } from '../webhooks/secrets.js';
import { createWebhookRepository, type WebhookRepository } from '../webhooks/subscribers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed webhooks (src/webhooks): the subscribers' repository and the delivery worker. */
    webhooks: { repo: WebhookRepository; worker: WebhookWorker };
  }
}

/** The webhook settings of the service's configuration (config.ts). */
export interface WebhookSettings {
  /** Loopback and private targets allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS; default off). */
  allowPrivateTargets?: boolean;
  /** How often the outbox is read and due deliveries sent, ms (default 1000). */
  pollMs?: number;
  /** Deadline of one POST, ms (default 10 s). */
  timeoutMs?: number;
  /** Backoff and retry window (default 10 s doubling up to 1 h, for 24 h). */
  retry?: Partial<WebhookRetry>;
}

export interface WebhooksPluginOptions extends WebhookSettings {
  /** DATA_DIR: where the secrets' sealing key is. */
  dataDir: string;
}

/**
 * Signed webhooks to the reusers the centre registered (webhook CLI): the worker starts with the
 * app, and stops, its round in flight finished, before the database closes. Deliveries are counted
 * on the admin port's metrics.
 */
export default fp<WebhooksPluginOptions>(
  async (app, options) => {
    const repo = createWebhookRepository(app.db, webhookSealingKey(options.dataDir));
    const { metrics } = app;
    const worker = createWebhookWorker({
      repo,
      changes: createChangeLog(app.db),
      log: app.log.child({ component: 'webhooks' }),
      retry: { ...DEFAULT_WEBHOOK_RETRY, ...options.retry },
      pollMs: options.pollMs ?? 1000,
      timeoutMs: options.timeoutMs ?? 10_000,
      allowPrivate: options.allowPrivateTargets ?? false,
      onAttempt: (result) => metrics.webhookAttempts.labels(result).inc(),
    });
    metrics.addCollector(() => {
      metrics.webhookDeliveries.reset();
      for (const s of repo.summaries()) {
        for (const state of ['pending', 'delivered', 'dead'] as const) {
          metrics.webhookDeliveries.labels(s.name, state).set(s[state]);
        }
      }
      const oldest = repo.oldestPending();
      metrics.webhookOldestPending.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    });
    app.decorate('webhooks', { repo, worker });
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'webhooks', dependencies: ['db', 'metrics'] },
);

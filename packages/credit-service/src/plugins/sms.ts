import fp from 'fastify-plugin';
import { createSmsSender, type SmsSender, type SmsSenderOptions } from '../sms/sender.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS sender (the gateway's webhook, or the demo outbox); null: no SMS is sent. */
    sms: SmsSender | null;
  }
}

/** What createSmsSender takes but the metrics, which are the app's. */
export type SmsPluginOptions = Omit<SmsSenderOptions, 'metrics'>;

/** app.sms: decorated so that auth and the account routes, registered after it, share one sender. */
export default fp<SmsPluginOptions>(
  async (app, options) => {
    app.decorate('sms', createSmsSender({ ...options, metrics: app.metrics }));
  },
  { name: 'sms', dependencies: ['metrics'] },
);

import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail: SMTP, the demo outbox, or every mail refused. */
    mailer: Mailer;
  }
}

export interface MailerPluginOptions {
  /** SMTP_URL; unset: the outbox with the demo stand-ins, else every mail refused. */
  smtpUrl?: string;
  /** The From header. */
  from: string;
  /** DATA_DIR/outbox. */
  outboxDir: string;
  /** The demo stand-ins are on. */
  demo: boolean;
}

/** app.mailer, shared by the H5 app's report mails and 信用关注's confirmations and digests; closed with the app. */
export default fp<MailerPluginOptions>(
  async (app, options) => {
    const mailer = createMailer({
      smtpUrl: options.smtpUrl,
      from: options.from,
      outboxDir: options.outboxDir,
      outbox: options.demo,
      metrics: app.metrics,
    });
    if (!options.smtpUrl && !options.demo) {
      app.log.warn('SMTP_URL not set and the demo stand-ins off: report e-mails and follow digests are refused');
    }
    app.addHook('onClose', async () => mailer.close());
    app.decorate('mailer', mailer);
  },
  { name: 'mailer', dependencies: ['metrics'] },
);

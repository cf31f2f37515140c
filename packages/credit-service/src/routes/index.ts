import fp from 'fastify-plugin';
import { mailFromOf } from '../mail/mailer.js';
import outboxRoutes from '../mail/outbox-routes.js';
import mailerPlugin from '../plugins/mailer.js';
import reportSignerPlugin from '../plugins/report-signer.js';
import reportsPlugin from '../plugins/reports.js';
import type { SignatureCheckerOptions } from '../signing/signature-checker.js';
import accountRoutes from './account/index.js';
import annualReportRoutes from './annual-reports/index.js';
import articleSearchRoutes from './article-search/index.js';
import contentRoutes from './content/index.js';
import promiseRoutes from './credit-lists/promises.js';
import publicitySearchRoutes from './credit-lists/publicity-search.js';
import disclosureRoutes from './disclosure/index.js';
import districtRoutes from './district/index.js';
import entityRoutes from './entity/index.js';
import followPlugin from './follow/with-job.js';
import guideRoutes from './guides/index.js';
import h5Routes, { DEFAULT_H5_TOKEN_TTL_SECONDS, type EntityReportRenderer } from './h5/index.js';
import healthRoutes from './health/index.js';
import hetaoRoutes from './hetao/index.js';
import interactionRoutes from './interaction/index.js';
import lendingRoutes from './lending/index.js';
import mediaRoutes from './media/index.js';
import myDataRoutes from './my-data/index.js';
import { manifestSignerOf } from './open-data/files.js';
import openDataRoutes, { DEFAULT_OPEN_DATA_CRON, DEFAULT_OPEN_DATA_RETENTION_DAYS } from './open-data/index.js';
import publicityRoutes from './publicity/index.js';
import servicesRoutes from './services/index.js';
import visitLogRoutes from './visit-log/index.js';

/** What the routes read of the service's configuration: the fields of CreditServiceConfig (config.ts) that say so. */
export interface RoutesConfig {
  demo?: boolean;
  outboxPage?: boolean;
  openData?: { retentionDays?: number; cron?: string | null; withdrawalCheckSeconds?: number; now?: () => Date };
  reportSigningKey?: string;
  reportSigningKeyFile?: string;
  reportSigningKeyPem?: string;
  signatureCheck?: SignatureCheckerOptions;
  smtpUrl?: string;
  mailFrom?: string;
  h5TestMode?: boolean;
  h5TokenTtlSeconds?: number;
  entityReport?: EntityReportRenderer;
  followSchedule?: string;
}

export interface RoutesOptions {
  config: RoutesConfig;
  /** Resolved from the config by app.ts, which every part shares. */
  dataDir: string;
  outboxDir: string;
  portalUrl: string;
  oldSiteUrl: string;
  siteName: string;
}

/**
 * Every route of the service, one plugin per resource, and the services only routes use, each
 * built just before the routes that need it: the report signer and reports (信用服务, the H5
 * personal report), the mailer (the H5 app, 信用关注). Wrapped with fastify-plugin so that
 * app.reports, app.reportSigner and app.mailer stay on the app (its /readyz and tests read them).
 */
export default fp<RoutesOptions>(
  async (app, { config, dataDir, outboxDir, portalUrl, oldSiteUrl, siteName }) => {
    const demo = config.demo ?? false;
    await app.register(healthRoutes);
    // The CMS: portal content, the district sites and the images they show.
    await app.register(contentRoutes, { oldSiteUrl });
    await app.register(districtRoutes, { oldSiteUrl });
    await app.register(mediaRoutes, { oldSiteUrl });
    await app.register(articleSearchRoutes, { oldSiteUrl });
    await app.register(publicityRoutes);
    await app.register(entityRoutes);
    await app.register(interactionRoutes);
    await app.register(lendingRoutes);
    await app.register(guideRoutes);
    await app.register(annualReportRoutes);
    await app.register(visitLogRoutes);
    await app.register(disclosureRoutes);
    await app.register(publicitySearchRoutes);
    await app.register(promiseRoutes);
    await app.register(hetaoRoutes);
    await app.register(accountRoutes, { portalUrl, sms: app.sms, siteName });
    await app.register(myDataRoutes, { sms: app.sms, siteName });
    // app.reportSigner (also the H5 personal report's), then app.reports on it: before the routes that issue.
    await app.register(reportSignerPlugin, {
      dataDir,
      keyFile: config.reportSigningKeyFile,
      keyPem: config.reportSigningKeyPem,
      signatureCheck: config.signatureCheck,
    });
    await app.register(reportsPlugin, { portalUrl, signingKey: config.reportSigningKey, demo });
    // Open data: its manifests are signed with the centre's key, as the reports are.
    await app.register(openDataRoutes, {
      dataDir,
      retentionDays: config.openData?.retentionDays ?? DEFAULT_OPEN_DATA_RETENTION_DAYS,
      cron: config.openData?.cron === undefined ? DEFAULT_OPEN_DATA_CRON : config.openData.cron,
      withdrawalCheckSeconds: config.openData?.withdrawalCheckSeconds,
      signer: manifestSignerOf(app.reportSigner),
      now: config.openData?.now,
    });
    await app.register(servicesRoutes, { dataDir, reports: app.reports, signer: app.reportSigner });
    // app.mailer: before the H5 app and 信用关注, which mail.
    await app.register(mailerPlugin, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom ?? mailFromOf(siteName),
      outboxDir,
      demo,
    });
    await app.register(h5Routes, {
      demo,
      testMode: config.h5TestMode ?? false,
      tokenTtlSeconds: config.h5TokenTtlSeconds ?? DEFAULT_H5_TOKEN_TTL_SECONDS,
      portalUrl,
      mailer: app.mailer,
      // The e-mailed entity report is the portal's enterprise credit report (issued, signed, verifiable).
      entityReport:
        config.entityReport ??
        (async (entityId) => {
          const { pdf, reportNumber } = await app.reports.issue('enterprise', { entityId: String(entityId) });
          return { pdf, reportNumber };
        }),
    });
    await app.register(followPlugin, { portalUrl, siteName, schedule: config.followSchedule });
    if (config.outboxPage) await app.register(outboxRoutes, { outboxDir });
  },
  { name: 'routes', dependencies: ['db', 'auth', 'audit', 'sms', 'entity-search'] },
);

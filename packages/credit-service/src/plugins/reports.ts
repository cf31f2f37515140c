import fp from 'fastify-plugin';
import { warnOfLoopbackPortal } from '../reports/portal-address.js';
import { createReportService } from '../reports/report-service.js';

export interface ReportsPluginOptions {
  /** The portal's address (ends with /), printed on every report. */
  portalUrl: string;
  /** HMAC key of the reports issued before SM2; unset: a random key kept in the database. */
  signingKey?: string;
  /** The demo stand-ins are on (a loopback portal address is then allowed). */
  demo: boolean;
}

/** 信用服务's one report service, app.reports (the services routes' and the H5 app's entity report). */
export default fp<ReportsPluginOptions>(
  async (app, options) => {
    const reports = createReportService(app.db, {
      portalUrl: options.portalUrl,
      signingKey: options.signingKey,
      signer: app.reportSigner,
      demo: options.demo,
      site: app.site,
    });
    // A loopback PORTAL_URL on a public bind: said at start, once the service listens.
    warnOfLoopbackPortal(app, options.portalUrl, options.demo);
    app.decorate('reports', reports);
  },
  { name: 'reports', dependencies: ['db', 'report-signer'] },
);

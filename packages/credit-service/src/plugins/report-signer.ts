import fp from 'fastify-plugin';
import { createReportSigner, loadSigningKey } from '../signing/report-signer.js';
import { createSignatureChecker, type SignatureCheckerOptions } from '../signing/signature-checker.js';

export interface ReportSignerPluginOptions {
  /** DATA_DIR, resolved: where the demo key is made when there is no key file. */
  dataDir: string;
  /** REPORT_SIGNING_KEY_FILE; unset: the demo key. */
  keyFile?: string;
  /** The key file's content when the caller read it already. */
  keyPem?: string;
  /** Where uploaded reports' signatures are checked; default threads 0 (the main thread). */
  signatureCheck?: SignatureCheckerOptions;
}

/**
 * The centre's SM2 report-signing key, app.reportSigner, with the checker of uploaded reports'
 * signatures it uses: the checker is the signer's alone, so it is made (and closed) here.
 */
export default fp<ReportSignerPluginOptions>(
  async (app, options) => {
    const signatureChecker = await createSignatureChecker(options.signatureCheck ?? { threads: 0 });
    app.addHook('onClose', () => signatureChecker.close());
    const reportSigner = createReportSigner(
      app.db,
      loadSigningKey({ keyFile: options.keyFile, keyPem: options.keyPem, dataDir: options.dataDir, log: app.log }),
      { metrics: app.metrics, checker: signatureChecker },
    );
    app.decorate('reportSigner', reportSigner);
  },
  { name: 'report-signer', dependencies: ['db', 'metrics'] },
);

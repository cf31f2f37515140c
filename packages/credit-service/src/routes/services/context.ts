import path from 'node:path';
import type { ReportSigner } from '../../signing/report-signer.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import { createServicesRepository, type ServicesRepository } from '../../repositories/services.js';
import type { ReportService } from '../../reports/report-service.js';

export interface ServicesOptions {
  /** DATA_DIR: materials are stored under DATA_DIR/uploads. */
  dataDir: string;
  /** The reports (created once by the reports plugin). */
  reports: ReportService;
  /** The centre's report-signing key: its published public keys. */
  signer: ReportSigner;
}

/** What the 信用服务 route modules share: the repository, the options and the upload folders. */
export interface ServicesContext {
  repo: ServicesRepository;
  options: ServicesOptions;
  /** DATA_DIR/uploads: the filed materials. */
  uploadsDir: string;
  /** DATA_DIR/uploads/.incoming: uploads as they arrive, before they are filed or compared. */
  tempDir: string;
}

export function createServicesContext(app: TypeboxApp, options: ServicesOptions): ServicesContext {
  const repo = createServicesRepository(app.db, app.site);
  const uploadsDir = path.join(options.dataDir, 'uploads');
  const tempDir = path.join(uploadsDir, '.incoming');
  return { repo, options, uploadsDir, tempDir };
}

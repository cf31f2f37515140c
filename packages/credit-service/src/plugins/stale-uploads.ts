import fp from 'fastify-plugin';
import { incomingDir, removeStaleParts } from '../applications/uploads.js';

export interface StaleUploadsPluginOptions {
  /** DATA_DIR, resolved. */
  dataDir: string;
}

/** Uploads a stopped process left half-done (written, never moved into place): removed at start. */
export default fp<StaleUploadsPluginOptions>(
  async (app, options) => {
    const staleParts = removeStaleParts(incomingDir(options.dataDir));
    if (staleParts > 0) app.log.info({ removed: staleParts }, 'removed temporary files of interrupted uploads');
  },
  { name: 'stale-uploads' },
);

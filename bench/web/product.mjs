// The product as bench/web measures it: the credit-service and the gateway from their dist.
import { startProduct } from '../../scripts/lib/product.mjs';
import { freePort } from '../lib.mjs';

/**
 * Starts the credit-service and the gateway from their dist on free ports, with `dataDir` (2,000
 * seeded entities), no Redis and warnings only; `env` adds to theirs (e.g. `WEB_DIST_DIR`). On a
 * failure to start, what the services printed goes to stderr.
 */
export async function startBenchProduct(dataDir, env = {}, log = () => {}) {
  const [gatewayPort, adminPort, creditPort] = [await freePort(), await freePort(), await freePort()];
  log(
    `starting the credit-service and the gateway (gateway on ${gatewayPort}${env.WEB_DIST_DIR ? `, serving ${env.WEB_DIST_DIR}` : ''})`,
  );
  const lines = [];
  const product = await startProduct({
    env: {
      GATEWAY_PORT: String(gatewayPort),
      ADMIN_PORT: String(adminPort),
      // The credit-service's admin listener is not what this run looks at: off, so no fixed port is taken.
      CREDIT_SERVICE_ADMIN_PORT: '0',
      CREDIT_SERVICE_PORT: String(creditPort),
      DATA_DIR: dataDir,
      SEED_ENTITIES: '2000',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...env,
    },
    output: (label, line) => lines.push(`[${label}] ${line}`),
  }).catch((error) => {
    console.error(lines.join('\n'));
    throw error;
  });
  return { product, base: `http://127.0.0.1:${gatewayPort}`, adminPort };
}

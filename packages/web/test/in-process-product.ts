import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp as buildCreditService } from '@credit-portal/credit-service';
import { buildApp as buildGateway, loadConfig } from '@credit-portal/server';
import { setApiBaseUrl } from '@/lib/api-client';

/** The reference credit-service and the gateway, running in-process on free ports for one test file. */
export interface InProcessProduct {
  dataDir: string;
  creditService: Awaited<ReturnType<typeof buildCreditService>>;
  creditServiceUrl: string;
  gatewayUrl: string;
  /** Stops both, removes the data directory and resets the API client's base URL. */
  stop(): Promise<void>;
}

/**
 * Starts the credit-service (seeded SQLite in a temporary directory, test controls on) and the
 * gateway in front of it, and points the SPA's API client at the gateway. `env` adds gateway
 * settings; `oldSiteOnCreditService` points OLD_SITE_URL at the credit-service's old-site pages.
 */
export async function startInProcessProduct(options: {
  seedEntities: number;
  env?: Record<string, string>;
  oldSiteOnCreditService?: boolean;
  /** More credit-service settings (e.g. the review token of the centre's review endpoint). */
  creditServiceConfig?: Partial<Parameters<typeof buildCreditService>[0]>;
}): Promise<InProcessProduct> {
  // As in index.html: the route guard replaces the title of a page that has one.
  if (!document.head.querySelector('title')) document.head.append(document.createElement('title'));
  const dataDir = await mkdtemp(join(tmpdir(), 'credit-portal-web-'));
  const creditService = await buildCreditService({
    dataDir,
    seedEntities: options.seedEntities,
    controls: true,
    demo: true,
    outboxPage: true,
    ...options.creditServiceConfig,
  });
  const creditServiceUrl = await creditService.listen({ host: '127.0.0.1', port: 0 });
  const gateway = await buildGateway(
    loadConfig({
      GATEWAY_PORT: '0',
      CREDIT_API_URL: creditServiceUrl,
      CMS_API_URL: creditServiceUrl,
      REPORT_API_URL: creditServiceUrl,
      ...(options.oldSiteOnCreditService ? { OLD_SITE_URL: `${creditServiceUrl}/oldsite` } : {}),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      RATE_LIMIT_MAX: '100000',
      // The credit-service's demo stand-ins, as npm start points the SPA at them.
      FACE_VERIFY_URL: `${creditServiceUrl}/faceverify`,
      WECHAT_AUTHORIZE_URL: `${creditServiceUrl}/oauth/wechat/authorize`,
      ...options.env,
    }),
  );
  const gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
  setApiBaseUrl(gatewayUrl);
  return {
    dataDir,
    creditService,
    creditServiceUrl,
    gatewayUrl,
    async stop() {
      setApiBaseUrl('');
      await gateway.close();
      await creditService.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

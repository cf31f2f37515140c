#!/usr/bin/env node
// The image's HEALTHCHECK: the one image runs the gateway or the credit-service (by its command),
// so this asks whichever of the two listens in this container: healthy when the gateway's
// /healthz (GATEWAY_PORT) or the credit-service's (CREDIT_SERVICE_PORT) answers 200 within 2 s.
// HEALTHCHECK_URL overrides both. Exit 0 healthy, 1 not.
const env = process.env;
const urls = env.HEALTHCHECK_URL
  ? [env.HEALTHCHECK_URL]
  : [
      `http://127.0.0.1:${env.GATEWAY_PORT || 8080}/healthz`,
      `http://127.0.0.1:${env.CREDIT_SERVICE_PORT || 8090}/healthz`,
    ];

async function healthy(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

for (const url of urls) {
  if (await healthy(url)) process.exit(0);
}
process.exit(1);

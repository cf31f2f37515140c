import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { GATEWAY_PATHS } from '@credit-portal/shared';
import { startGateway, testConfig } from '../support/gateway.js';
import { freePort } from '../support/redis-process.js';

/** A throw-away certificate for this test only (CN portal.test), standing in for the balancer's. */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const CERTIFICATE = fixture('tls-probe-cert.pem');
const NOT_AFTER_SECONDS = Date.parse(new X509Certificate(CERTIFICATE).validTo) / 1000;

describe('the TLS certificate probe (gateway_tls_certificate_expiry_timestamp_seconds)', () => {
  let balancer: Server;
  let port: number;
  let handshakes = 0;

  beforeAll(async () => {
    balancer = createServer({ cert: CERTIFICATE, key: fixture('tls-probe-key.pem') }, (socket) => socket.end());
    balancer.on('connection', () => (handshakes += 1));
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    port = (balancer.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => balancer?.close(resolve));
  });

  const expirySeries = (text: string) =>
    text.split('\n').filter((line) => line.startsWith('gateway_tls_certificate_expiry_timestamp_seconds'));

  it('reports the notAfter of the certificate the endpoint presents, once a minute at most', async () => {
    const gateway = await startGateway(testConfig({ TLS_CERTIFICATE_PROBE: `127.0.0.1:${port}` }));
    try {
      for (let scrape = 0; scrape < 3; scrape += 1) {
        const { text } = await request(gateway.adminUrl).get(GATEWAY_PATHS.metrics).expect(200);
        expect(expirySeries(text)).toEqual([
          `gateway_tls_certificate_expiry_timestamp_seconds{target="127.0.0.1:${port}"} ${NOT_AFTER_SECONDS}`,
        ]);
      }
      expect(handshakes).toBe(1);
    } finally {
      await gateway.close();
    }
  });

  it('shows no value while the endpoint does not answer (the alert on absence fires, not a stale date)', async () => {
    const gateway = await startGateway(testConfig({ TLS_CERTIFICATE_PROBE: `127.0.0.1:${await freePort()}` }));
    try {
      const { text } = await request(gateway.adminUrl).get(GATEWAY_PATHS.metrics).expect(200);
      expect(expirySeries(text).filter((line) => !line.startsWith('#'))).toEqual([]);
    } finally {
      await gateway.close();
    }
  });

  it('refuses a probe target that is not one host:port', () => {
    expect(() => testConfig({ TLS_CERTIFICATE_PROBE: 'lb' })).toThrow(
      /TLS_CERTIFICATE_PROBE: must be a comma-separated list of host:port/,
    );
    expect(() => testConfig({ TLS_CERTIFICATE_PROBE: 'a:1,b:2' })).toThrow(
      /TLS_CERTIFICATE_PROBE: must name one host:port/,
    );
  });
});

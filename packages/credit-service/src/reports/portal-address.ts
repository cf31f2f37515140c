import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/*
 * The portal address a report prints (PORTAL_URL): its QR code and 核验地址, and where the public
 * keys are. A loopback address (localhost, 127.x.x.x, [::1]) leads the reader's own machine: a bank
 * that scans it finds nothing and has to take the report for a forgery. Outside the demo
 * (DEMO_STANDINS off) such a report is refused (report-service.ts), and a service that listens on
 * a public address says at start that its PORTAL_URL is a loopback one.
 */

/** The refusal a report gets while the portal address is a loopback one and the demo stand-ins are off. */
export const LOOPBACK_PORTAL_MESSAGE = '信用门户地址尚未正确配置，暂时无法出具可供核验的信用报告，请稍后再试';

const LOOPBACK_NAME = /^(?:localhost|.+\.localhost)$/i;
const LOOPBACK_V4 = /^127(?:\.\d{1,3}){3}$/;
/** [::1], and IPv4's loopback written as an IPv6 address ([::ffff:7f00:1], as URL writes ::ffff:127.0.0.1). */
const LOOPBACK_V6 = /^\[(?:::1|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})\]$/i;

/** True when the address (a URL) names this machine only, so that nobody else can open it. */
export function isLoopbackUrl(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname;
  } catch {
    return false;
  }
  return LOOPBACK_NAME.test(host) || LOOPBACK_V4.test(host) || LOOPBACK_V6.test(host);
}

/** True for a listening address that only this machine reaches. */
const isLoopbackBind = (address: string): boolean =>
  address === '::1' || LOOPBACK_V4.test(address) || /^::ffff:127(?:\.\d{1,3}){3}$/i.test(address);

/**
 * At start, once the service listens: a warning when `portalUrl` is a loopback address while some
 * listening address is public — the residents and banks the bind serves could not open what the
 * reports and mails link to. `demo`: the demo stand-ins are on (reports are then still issued).
 */
export function warnOfLoopbackPortal(app: FastifyInstance, portalUrl: string, demo: boolean): void {
  if (!isLoopbackUrl(portalUrl)) return;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const bind = typeof address === 'object' && address !== null ? (address as AddressInfo).address : null;
    if (bind === null || isLoopbackBind(bind)) return;
    app.log.warn(
      { portalUrl, bind },
      demo
        ? 'PORTAL_URL names the loopback while the service listens on a public address: the report QR codes, verification addresses and mailed links lead nowhere but this machine; set PORTAL_URL to the portal’s public address'
        : 'PORTAL_URL names the loopback while the service listens on a public address: credit reports are refused (they would print a verification address nobody can open) until PORTAL_URL is the portal’s public address',
    );
  });
}

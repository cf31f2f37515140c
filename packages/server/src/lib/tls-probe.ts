import { connect } from 'node:tls';
import type { HostPort } from './redis-settings.js';

/**
 * The notAfter of the certificate a TLS endpoint presents (the balancer in front of the gateways),
 * in unix seconds; null when it does not answer with one. It reads what clients are served — after
 * an `nginx -s reload` the renewed certificate — rather than a file beside it. The chain is not
 * checked: an expired or self-signed certificate must still be reported, that is the point.
 */
export function certificateExpiry(target: HostPort, timeoutMs: number, servername?: string): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = connect({
      host: target.host,
      port: target.port,
      servername: servername ?? (/^[\d.:]+$/.test(target.host) ? undefined : target.host),
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    const finish = (value: number | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.once('secureConnect', () => {
      const validTo = socket.getPeerCertificate().valid_to;
      const seconds = validTo ? Date.parse(validTo) / 1000 : Number.NaN;
      finish(Number.isFinite(seconds) ? seconds : null);
    });
    socket.once('timeout', () => finish(null));
    socket.once('error', () => finish(null));
  });
}

/** Probes at most once per `everyMs`: a scrape every few seconds must not open a TLS connection each time. */
export function cachedProbe(probe: () => Promise<number | null>, everyMs: number): () => Promise<number | null> {
  let last: { at: number; value: Promise<number | null> } | null = null;
  return () => {
    if (!last || Date.now() - last.at >= everyMs) last = { at: Date.now(), value: probe() };
    return last.value;
  };
}

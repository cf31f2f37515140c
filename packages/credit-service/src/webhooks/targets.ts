import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList } from 'node:net';

/*
 * Where a webhook may be sent. The centre registers the addresses, but an address is a name that
 * DNS can point anywhere later (rebinding): so besides the check of the URL when it is added, the
 * address actually connected to is checked at every delivery, in the socket's own DNS lookup.
 * Loopback, private, link-local, shared (CGNAT), multicast and unspecified addresses are refused
 * unless WEBHOOK_ALLOW_PRIVATE_TARGETS allows them (a receiver on the centre's own network, tests).
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook must not reach without the flag. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address is its IPv4 address (not a subnet of the list: BlockList would
  // match every IPv4 address against it).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a URL cannot be a webhook's (Chinese and English, for the CLI), or null when it can. */
export function targetProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '不是有效的地址 / not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '只能是 http(s) 地址 / only http:// or https://';
  if (url.username || url.password) return '地址不得包含用户名或密码 / no credentials in the URL';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host))) {
    return '不得指向本机或内网地址 / a loopback or private address (WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it)';
  }
  return null;
}

/** A DNS lookup that refuses private addresses: the socket connects to the address it checked. */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused || list.length === 0) {
        return callback(Object.assign(new Error(`refused address for ${hostname}`), { code: 'EPRIVATE' }), '', 0);
      }
      if ((options as dns.LookupOptions).all) return callback(null, list as never, 0);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface PostResult {
  status: number;
}

/**
 * POSTs a JSON body to a webhook: no redirects followed (a 3xx is a failure), a deadline on the
 * whole exchange, the answer's body discarded. Rejects when it cannot be sent.
 */
export function postWebhook(
  raw: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const problem = targetProblem(raw, options.allowPrivate);
  if (problem) return Promise.reject(new Error(problem));
  const url = new URL(raw);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.setTimeout(options.timeoutMs, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The visit-log ipv4 / ipv6 fields of a client address: an IPv4 address (also when written as an
 * IPv4-mapped IPv6 address) fills ipv4, an IPv6 address fills ipv6, the other stays empty.
 */
export function splitClientIp(ip: string | undefined): { ipv4: string; ipv6: string } {
  const address = (ip ?? '').trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return { ipv4: mapped[1], ipv6: '' };
  if (isIPv4(address)) return { ipv4: address, ipv6: '' };
  if (isIPv6(address)) return { ipv4: '', ipv6: address };
  return { ipv4: '', ipv6: '' };
}

/**
 * The client a rate limit counts: an IPv4 address as it is (also IPv4-mapped), an IPv6 address by
 * its /64 — the network one subscriber gets, inside which a client may take any address it likes
 * (a limit per address was one per request for it: a review's finding). Anything else as it is.
 */
export function rateLimitClient(ip: string): string {
  if (!ip.includes(':') || !ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

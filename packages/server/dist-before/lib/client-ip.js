import { isIPv4, isIPv6 } from 'node:net';
/**
 * The visit-log ipv4 / ipv6 fields of a client address: an IPv4 address (also when written as an
 * IPv4-mapped IPv6 address) fills ipv4, an IPv6 address fills ipv6, the other stays empty.
 */
export function splitClientIp(ip) {
    const address = (ip ?? '').trim();
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
    if (mapped?.[1] && isIPv4(mapped[1]))
        return { ipv4: mapped[1], ipv6: '' };
    if (isIPv4(address))
        return { ipv4: address, ipv6: '' };
    if (isIPv6(address))
        return { ipv4: '', ipv6: address };
    return { ipv4: '', ipv6: '' };
}
//# sourceMappingURL=client-ip.js.map
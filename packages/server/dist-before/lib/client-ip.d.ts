/**
 * The visit-log ipv4 / ipv6 fields of a client address: an IPv4 address (also when written as an
 * IPv4-mapped IPv6 address) fills ipv4, an IPv6 address fills ipv6, the other stays empty.
 */
export declare function splitClientIp(ip: string | undefined): {
    ipv4: string;
    ipv6: string;
};

import { PERMISSIONS_POLICY } from '@credit-portal/shared';
/**
 * The Content-Security-Policy the SPA runs under: its scripts are files (no inline script); antd
 * injects <style> elements, hence 'unsafe-inline' for styles only; images may be data: or blob:
 * URLs; the SPA talks to this origin only. No upgrade-insecure-requests: the gateway may serve
 * plain HTTP behind a TLS-terminating proxy or on a laptop.
 */
export const CONTENT_SECURITY_POLICY = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "script-src-attr 'none'",
].join(';');
/**
 * Every security header of every answer, as helmet's defaults wrote them (with the CSP above, and
 * a same-site Cross-Origin-Resource-Policy: flipbook page images and QR codes may be embedded by
 * the district sites), plus the shared Permissions-Policy (no camera, microphone, location,
 * payment or device ports for any page). Fixed for the process: computed once here, not per request.
 */
export const SECURITY_HEADERS = Object.freeze({
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
});
//# sourceMappingURL=security-headers.js.map
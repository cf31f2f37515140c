/**
 * The Content-Security-Policy the SPA runs under: its scripts are files (no inline script); antd
 * injects <style> elements, hence 'unsafe-inline' for styles only; images may be data: or blob:
 * URLs; the SPA talks to this origin only. No upgrade-insecure-requests: the gateway may serve
 * plain HTTP behind a TLS-terminating proxy or on a laptop.
 */
export declare const CONTENT_SECURITY_POLICY: string;
/**
 * Every security header of every answer, as helmet's defaults wrote them (with the CSP above, and
 * a same-site Cross-Origin-Resource-Policy: flipbook page images and QR codes may be embedded by
 * the district sites), plus the shared Permissions-Policy (no camera, microphone, location,
 * payment or device ports for any page). Fixed for the process: computed once here, not per request.
 */
export declare const SECURITY_HEADERS: Readonly<Record<string, string>>;

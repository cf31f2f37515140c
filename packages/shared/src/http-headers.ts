/**
 * The Permissions-Policy of every answer of both services: nothing the portal, the H5 app or the
 * old-site pages do needs a camera, microphone, location, payment or device port (the read-aloud
 * tool uses speechSynthesis, which asks no permission; the face verification is the external
 * service's own page), so no page — nor anything a CMS article or a compromised script embeds —
 * may ask for them; and no ad-topic tracking. Every feature named is one Chromium knows, so the
 * header logs no console warning.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');

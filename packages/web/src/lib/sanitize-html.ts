import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/*
 * Article bodies come from the CMS as HTML. They are sanitized here, once, before rendering:
 * scripts, event handlers and links of any scheme but http(s), mailto and tel never reach the
 * page; images load lazily; links that leave the site open in a new tab without access to this
 * window (and, clicked, go through the 温馨提示 dialog: RichText).
 */

/** The schemes an article's link may use; any other (javascript:, data:, vbscript:, file:…) loses its href. */
const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** Where a link goes, resolved as the browser resolves it against this page; null when it does not parse. */
function resolveHref(href: string): URL | null {
  try {
    return new URL(href, window.location.href);
  } catch {
    return null;
  }
}

/**
 * The address a link leaves the site for, or null when it stays: an http(s) link stays only when
 * its parsed origin is this page's — never a prefix comparison, so `//evil.example/x`,
 * `/\evil.example/x`, `https://xyyz.example.evil.example/x` and `http://localhost:8080@evil.example/`
 * all leave (and `http://localhost:8080.evil.example/x` does not even parse). mailto: and tel: open an application and stay; anything else (a scheme that is not
 * allowed, an address that does not parse) leaves, and the dialog refuses to open it.
 */
export function leavingSiteFor(href: string): string | null {
  const url = resolveHref(href);
  if (!url) return href;
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return href;
  if (url.origin === window.location.origin) return null;
  // The dialog shows (and opens) the host the link really goes to, not a look-alike user name.
  url.username = '';
  url.password = '';
  return url.href;
}

let purifier: Purifier | null = null;

function instance(): Purifier {
  if (purifier) return purifier;
  // A private instance, so these hooks do not leak into other uses of DOMPurify.
  const created = DOMPurify(window);
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      const href = node.getAttribute('href') ?? '';
      const url = resolveHref(href);
      if (!url || !LINK_PROTOCOLS.has(url.protocol)) {
        node.removeAttribute('href');
      } else if (leavingSiteFor(href) !== null) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
  });
  purifier = created;
  return created;
}

/** Sanitized HTML of an article body, safe for dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

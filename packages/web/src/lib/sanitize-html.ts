import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/*
 * Article bodies come from the CMS as HTML. They are sanitized here, once, before rendering:
 * scripts, event handlers and javascript: URLs never reach the page; images load lazily;
 * links that leave the site open in a new tab without access to this window.
 */

let purifier: Purifier | null = null;

function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href) && !href.startsWith(window.location.origin);
}

function instance(): Purifier {
  if (purifier) return purifier;
  // A private instance, so these hooks do not leak into other uses of DOMPurify.
  const created = DOMPurify(window);
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (isExternalHref(href)) {
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

/** True for the absolute http(s) addresses that leave the site (and so go through the warning dialog). */
export function isLeavingSite(href: string): boolean {
  return isExternalHref(href);
}

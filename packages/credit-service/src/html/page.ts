import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PERMISSIONS_POLICY } from '@credit-portal/shared';
import { UnsupportedMediaTypeError } from '../lib/errors.js';

/*
 * The one kit of the service's few server-rendered pages — the old-site pages, the review page,
 * the demo stand-ins (face verification, the chat app's authorization page) and the outbox: text
 * escaping, the page frame (title, header bar in the page's theme colour, a white column), the
 * rules the old-site-style pages share, their security headers, and their form bodies. Each page
 * keeps its own look through the values it passes and its own rules.
 */

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** How a framed page looks: the header bar's colour, the page's background, the column and its heading. */
export interface PageLook {
  /** The header bar's colour (the page's theme). */
  theme: string;
  /** The page's background; default #f2f5f9. */
  background?: string;
  /** The white column (main): its largest width, its top and bottom margin and its padding, px. */
  column: { width: number; margin: number; padding: number };
  /** The page title's heading (h1): size and space below, px, and colour; default 22, 16, #083b7c. */
  heading?: { size: number; gap: number; colour: string };
  /** Below this viewport width (px) the column runs edge to edge; unset: it keeps its margins. */
  edgeToEdgeBelow?: number;
}

/** The stylesheet of a framed page: the frame's rules in `look`, then the page's own `rules`. */
export function frameStyle(look: PageLook, rules: string): string {
  const heading = look.heading ?? { size: 22, gap: 16, colour: '#083b7c' };
  const { width, margin, padding } = look.column;
  return `
  body { margin: 0; font-family: 'PingFang SC', 'Microsoft YaHei', sans-serif; color: #1f2329; background: ${look.background ?? '#f2f5f9'}; }
  header { padding: 14px 20px; color: #fff; background: ${look.theme}; font-size: 18px; font-weight: 600; }
  main { max-width: ${width}px; margin: ${margin}px auto; padding: ${padding}px; background: #fff; border: 1px solid #e3e8f0; border-radius: 8px; }
  h1 { margin: 0 0 ${heading.gap}px; font-size: ${heading.size}px; color: ${heading.colour}; }
${rules}${
    look.edgeToEdgeBelow === undefined
      ? ''
      : `  @media (max-width: ${look.edgeToEdgeBelow}px) { main { margin: 0; border-radius: 0; border-left: 0; border-right: 0; } }\n`
  }`;
}

/** Rules the old-site-style form pages share: paragraphs, the error box (role=alert), a quiet note. */
export const TEXT_RULES = `
  p { line-height: 1.7; }
  .error { padding: 8px 12px; color: #a8071a; background: #fff1f0; border: 1px solid #ffccc7; border-radius: 6px; }
  .note { color: #4e5969; font-size: 14px; }
`;

/** A visible focus ring on buttons, links and fields (keyboard users). */
export const FOCUS_RULES = `
  button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
`;

/** One page: its title, the site named after it, its header bar's text, its stylesheet and body. */
export interface Page {
  /** The page's title: the document's title (before `site`) and the column's heading. */
  title: string;
  /** Named after the title in the document's title, e.g. the site's name with （原网站）. */
  site: string;
  /** The header bar's text; unset: the page has no header bar. */
  header?: string;
  /** The stylesheet (frameStyle(…), or a page's own rules). */
  style: string;
  /** The column's content after the heading (already escaped). */
  body: string;
}

/** The whole document of a page, not indexed by search engines. */
export function renderPage(page: Page): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} - ${escapeHtml(page.site)}</title>
<style>${page.style}</style>
</head>
<body>
${page.header === undefined ? '' : `<header>${escapeHtml(page.header)}</header>\n`}<main>
<h1>${escapeHtml(page.title)}</h1>
${page.body}
</main>
</body>
</html>
`;
}

export interface SendHtmlOptions {
  /**
   * Where the page's form is answered with a redirect to (a URL): its origin may receive the form
   * too (CSP form-action), besides this service.
   */
  formTarget?: string | URL;
  /**
   * The CSP source of the page's one inline script (scriptSource(script), made once): that script
   * may run and fetch from this service; without it, no script runs.
   */
  script?: string;
}

/** The CSP source that lets one inline script run: its SHA-256, as `'sha256-…'`. */
export const scriptSource = (script: string): string =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The headers of every page: no caching, no referrer (addresses may carry a one-time token), no
 * type sniffing, a CSP that allows the page's inline style and nothing else (its forms post to this
 * service, or to `formTarget`'s origin), never framed; and the shared Permissions-Policy.
 */
export function htmlHeaders(options: SendHtmlOptions = {}): Record<string, string> {
  const formAction = options.formTarget ? `'self' ${new URL(options.formTarget).origin}` : "'self'";
  const script = options.script ? `; script-src ${options.script}; connect-src 'self'` : '';
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'${script}`,
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/** Answers with a page: the status, the page's headers (htmlHeaders) and the document. */
export function sendHtml(
  reply: FastifyReply,
  status: number,
  html: string,
  options: SendHtmlOptions = {},
): FastifyReply {
  return reply.code(status).headers(htmlHeaders(options)).send(html);
}

/**
 * Lets the pages' HTML forms post (application/x-www-form-urlencoded, at most `bodyLimit` bytes) in
 * the plugin of `app`: the body arrives as an object of strings. With `under`, only routes whose
 * address starts with it take forms; any other route of the plugin refuses them with 400.
 */
export function acceptFormPosts(app: FastifyInstance, options: { bodyLimit: number; under?: string }): void {
  const { under } = options;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (request, body, done) => {
      if (under !== undefined && !request.routeOptions.url?.startsWith(under)) {
        done(new UnsupportedMediaTypeError());
        return;
      }
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

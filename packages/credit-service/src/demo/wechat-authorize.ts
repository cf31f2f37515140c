import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ACCOUNT_MESSAGES, WECHAT_CODE_TTL_SECONDS, WECHAT_STATE_PATTERN } from '@credit-portal/shared';
import { sameText } from '../lib/hash.js';
import { createWechatCodeRepository } from '../repositories/account-wechat-codes.js';
import {
  acceptFormPosts,
  escapeHtml,
  FOCUS_RULES,
  frameStyle,
  renderPage,
  sendHtml,
  TEXT_RULES,
} from '../html/page.js';
import { WECHAT_AUTHORIZE_PATH } from '../html/paths.js';

/*
 * A DEMO-ONLY stand-in for the chat app's OAuth 2.0 authorization page (微信网页授权 /
 * 扫码登录, RFC 6749 §4.1): the "phone" picks one of its chat-app identities and agrees; the page
 * issues a one-time authorization code for that identity, bound to the portal's `state`, and sends
 * the browser back to the portal with `code` and `state` in the query of `redirect_uri` (before its
 * #fragment, as the chat app does). The portal's login or bind call then exchanges the code once.
 *
 * It stands for a system outside the centre (like the face-verification stand-in), so it lives
 * apart from the account routes and is registered only with the demo stand-ins on (app.ts);
 * it is left out of /docs. Production points WECHAT_AUTHORIZE_URL at the chat app itself.
 */

// The page's address (html/paths.ts), re-exported for the routes and tests that name it here.
export { WECHAT_AUTHORIZE_PATH };

/** The double-submit cookie of the consent form (CSRF): set by the page, echoed by the form. */
const CSRF_COOKIE = 'wx_authorize_csrf';
const CSRF_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SCOPES = ['snsapi_login', 'snsapi_userinfo', 'snsapi_base'];

export interface WechatAuthorizeOptions {
  /** The portal's address (PORTAL_URL): redirect_uri must be on its origin (or on this machine). */
  portalUrl: string;
  /** The portal's name, as the consent screen names the app asking. */
  siteName: string;
}

/** The chat app's look: its green header bar on grey, a phone-wide column. */
const STYLE = frameStyle(
  {
    theme: '#07c160',
    background: '#ededed',
    column: { width: 480, margin: 24, padding: 20 },
    heading: { size: 20, gap: 12, colour: '#1f2329' },
    edgeToEdgeBelow: 520,
  },
  `${TEXT_RULES}${FOCUS_RULES}
  fieldset { margin: 16px 0 0; padding: 0; border: 0; }
  legend { margin-bottom: 8px; font-weight: 600; }
  .identity { display: flex; gap: 12px; align-items: center; padding: 10px 12px; margin-bottom: 8px; border: 1px solid #d9dee6; border-radius: 6px; cursor: pointer; }
  .identity input { width: 20px; height: 20px; margin: 0; accent-color: #07c160; }
  .avatar { display: inline-flex; align-items: center; justify-content: center; width: 40px; height: 40px; border-radius: 6px; color: #fff; background: #3a7d5c; font-size: 18px; }
  .nickname { flex: 1; font-size: 16px; }
  .bound { display: block; color: #4e5969; font-size: 13px; }
  .scope { padding: 8px 12px; background: #f6f7f9; border-radius: 6px; font-size: 14px; }
  button, a.button { display: block; box-sizing: border-box; width: 100%; margin-top: 16px; padding: 12px; color: #fff; background: #07c160; border: 0; border-radius: 6px; font-size: 17px; text-align: center; text-decoration: none; cursor: pointer; }
  a.secondary { color: #1f2329; background: #f2f2f2; }
`,
);

const page = (title: string, body: string): string =>
  renderPage({ title, site: '微信授权（演示）', header: '微信 · 授权登录（演示）', style: STYLE, body });

/** The authorization request, as the portal sent it. */
interface AuthorizeRequest {
  appid?: string;
  redirect_uri?: string;
  state?: string;
  response_type?: string;
  scope?: string;
}

/** A checked request: where to send the browser back, and with which state. */
interface CheckedRequest {
  redirect: URL;
  state: string;
  scope: string;
  appid: string;
}

const Field = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const RequestFields = {
  appid: Field(64),
  redirect_uri: Field(2048),
  state: Field(128),
  response_type: Field(16),
  scope: Field(32),
};

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/** The request's parameters checked, or the Chinese reason it is refused. */
function check(query: AuthorizeRequest, portalOrigin: string): CheckedRequest | string {
  if (query.response_type !== 'code') return '不支持的授权类型（response_type 须为 code）';
  const scope = query.scope ?? '';
  if (!SCOPES.includes(scope)) return '授权作用域（scope）无效';
  const state = query.state ?? '';
  if (!WECHAT_STATE_PATTERN.test(state)) return '缺少或无效的 state 参数';
  let redirect: URL;
  try {
    redirect = new URL(query.redirect_uri ?? '');
  } catch {
    return '回调地址（redirect_uri）无效';
  }
  const web = redirect.protocol === 'http:' || redirect.protocol === 'https:';
  // The portal's own address; this stand-in exists in demo mode only, where the portal on this
  // machine (any port) is allowed too.
  const allowed = redirect.origin === portalOrigin || isLoopback(redirect.hostname);
  if (!web || redirect.username || redirect.password || !allowed) return '回调地址不在授权范围内（须为门户的地址）';
  return { redirect, state, scope, appid: query.appid ?? '' };
}

/** redirect_uri with these parameters in its query, before its #fragment (the chat app's way). */
function backTo(redirect: URL, params: Record<string, string>): string {
  const url = new URL(redirect);
  for (const name of ['code', 'state', 'error']) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

const wechatAuthorizeRoutes: FastifyPluginAsync<WechatAuthorizeOptions> = async (app, options) => {
  const portalOrigin = new URL(options.portalUrl).origin;
  const codes = createWechatCodeRepository(app.db);

  acceptFormPosts(app, { bodyLimit: 8 * 1024 });

  const refused = (reason: string) =>
    page(
      '授权请求无效',
      `<p class="error" role="alert">${escapeHtml(reason)}</p><p class="note">请返回${escapeHtml(options.siteName)}重新发起微信授权。</p>`,
    );

  const consent = (request: CheckedRequest, csrf: string, error?: string) => {
    const identities = app.auth.accounts.wechatIdentities();
    const items = identities
      .map(
        (identity, index) => `<label class="identity">
<input type="radio" name="open_id" value="${escapeHtml(identity.openId)}"${index === 0 ? ' checked' : ''} required>
<span class="avatar" aria-hidden="true">${escapeHtml(Array.from(identity.nickname)[0] ?? '')}</span>
<span class="nickname">${escapeHtml(identity.nickname)}${identity.userId !== null ? '<span class="bound">已绑定手机账号</span>' : ''}</span>
</label>`,
      )
      .join('\n');
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    return page(
      '授权登录',
      `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p><strong>${escapeHtml(options.siteName)}</strong> 申请使用您的微信身份登录。</p>
<p class="scope">将获得：您的微信昵称与身份标识（${escapeHtml(request.scope)}）</p>
<form method="post" action="${WECHAT_AUTHORIZE_PATH}">
${hidden('csrf', csrf)}
${hidden('appid', request.appid)}
${hidden('redirect_uri', request.redirect.toString())}
${hidden('state', request.state)}
${hidden('response_type', 'code')}
${hidden('scope', request.scope)}
<fieldset>
<legend>选择本机登录的微信身份</legend>
${items}
</fieldset>
<button type="submit">确认授权</button>
</form>
<a class="button secondary" href="${escapeHtml(backTo(request.redirect, { error: 'access_denied', state: request.state }))}">取消</a>
<p class="note">本页面是微信授权页的演示替身：确认后签发一次性授权码（${WECHAT_CODE_TTL_SECONDS / 60}分钟内有效），返回门户完成登录。正式环境由微信完成授权。</p>`,
    );
  };

  // The confirmed form is answered with a redirect to the portal: the consent page names it as its form target.
  app.get(
    WECHAT_AUTHORIZE_PATH,
    {
      // The address carries the state and the return address: keep it out of the request log.
      logLevel: 'warn',
      config: { limitClass: 'default' },
      schema: { hide: true, querystring: Type.Object(RequestFields) },
    },
    async (request, reply) => {
      const checked = check(request.query as AuthorizeRequest, portalOrigin);
      if (typeof checked === 'string') return sendHtml(reply, 400, refused(checked));
      const existing = cookieOf(request, CSRF_COOKIE);
      const csrf = existing && CSRF_PATTERN.test(existing) ? existing : randomBytes(32).toString('base64url');
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${CSRF_COOKIE}=${csrf}; Path=${WECHAT_AUTHORIZE_PATH}; Max-Age=900; HttpOnly; SameSite=Strict${secure}`,
      );
      return sendHtml(reply, 200, consent(checked, csrf), { formTarget: checked.redirect });
    },
  );

  app.post(
    WECHAT_AUTHORIZE_PATH,
    {
      logLevel: 'warn',
      // It mints a one-time code of an identity.
      config: { limitClass: 'strict' },
      schema: {
        hide: true,
        body: Type.Object({ ...RequestFields, csrf: Field(64), open_id: Field(64) }),
      },
    },
    async (request, reply) => {
      const body = request.body as AuthorizeRequest & { csrf?: string; open_id?: string };
      const checked = check(body, portalOrigin);
      if (typeof checked === 'string') return sendHtml(reply, 400, refused(checked));
      // CSRF: the form must come from this page (same origin) and echo the page's cookie.
      const site = request.headers['sec-fetch-site'];
      const cookie = cookieOf(request, CSRF_COOKIE) ?? '';
      if (
        (site !== undefined && site !== 'same-origin' && site !== 'none') ||
        !CSRF_PATTERN.test(cookie) ||
        !sameText(cookie, body.csrf ?? '')
      ) {
        return sendHtml(reply, 403, refused('授权页面已失效，请返回门户重新发起微信授权'));
      }
      const identity = body.open_id ? app.auth.accounts.wechatById(body.open_id) : null;
      if (!identity)
        return sendHtml(reply, 400, consent(checked, cookie, ACCOUNT_MESSAGES.wechatNotFound), {
          formTarget: checked.redirect,
        });
      const code = codes.issue(identity.openId, checked.state, Date.now());
      return reply
        .code(303)
        .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
        .redirect(backTo(checked.redirect, { code, state: checked.state }), 303);
    },
  );
};

export default wechatAuthorizeRoutes;

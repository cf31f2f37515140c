import { Type } from 'typebox';
import { OLD_SITE_PAGES, OLD_SITE_PERSONAL_PAGE } from '@credit-portal/shared';
import { ServiceError } from '../../lib/errors.js';
import { acceptFormPosts, escapeHtml, frameStyle, renderPage, sendHtml, TEXT_RULES } from '../../html/page.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import { OLD_SITE_PREFIX } from '../../html/paths.js';

// The page's address (html/paths.ts), re-exported for the routes and tests that name it here.
export { OLD_SITE_PREFIX };

/** How long the one-time logintoken of a link back to the portal stays valid. */
const HANDOFF_TTL_MS = 10 * 60_000;

/** The old site's look: its navy header bar and a narrow column. */
const STYLE = frameStyle(
  { theme: '#06285a', column: { width: 560, margin: 32, padding: 24 }, edgeToEdgeBelow: 600 },
  `${TEXT_RULES}
  dl { display: grid; grid-template-columns: 8em 1fr; gap: 8px 12px; margin: 0 0 20px; }
  dt { color: #4e5969; } dd { margin: 0; word-break: break-all; }
  .links { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 20px; }
  a.button, button { display: inline-block; padding: 8px 18px; color: #fff; background: #0b4ea2; border: 0; border-radius: 6px; font-size: 16px; text-decoration: none; cursor: pointer; }
  a.secondary { color: #0b4ea2; background: #e8f0fb; }
  label { display: block; margin: 12px 0 4px; }
  input { box-sizing: border-box; width: 100%; padding: 8px 10px; font-size: 16px; border: 1px solid #b8c2d0; border-radius: 6px; }
`,
);

/** A page of the old site (its addresses carry one-time codes: htmlHeaders sends no referrer). */
const pageOf =
  (siteName: string) =>
  (title: string, body: string): string =>
    renderPage({ title, site: `${siteName}（原网站）`, header: `${siteName} · 原网站`, style: STYLE, body });

const link = (href: string, text: string, secondary = false): string =>
  `<a class="${secondary ? 'button secondary' : 'button'}" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

const OptionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/**
 * Minimal pages of the older linked site (spec §7: full-page redirects): the personal centre
 * (NewLinkTo.aspx), logout (NewLoginOut.aspx) and the data-submission login (login.aspx). They
 * are HTML pages a browser navigates to directly, not API calls through the gateway; each leads
 * back to the portal at PORTAL_URL. Their LoginToken is a one-time code of the portal's login
 * session (POST /user/oldsite/handoff, POST /user/logout), never the JwtToken itself: an address
 * ends up in browser history and proxy logs.
 */
export function registerOldSiteRoutes(app: TypeboxApp, portalUrl: string): void {
  const { auth, audit } = app;
  const { siteName } = app.site;
  const page = pageOf(siteName);
  const portal = portalUrl;
  const portalEntry = (query: Record<string, string>): string =>
    `${portal}#/newszxy?${new URLSearchParams(query).toString()}`;

  // Form bodies are for the old site's HTML forms only: every JSON route (login above all, which
  // a cross-site form could otherwise post to) refuses them.
  acceptFormPosts(app, { bodyLimit: 8 * 1024, under: OLD_SITE_PREFIX });

  app.get(
    `${OLD_SITE_PREFIX}${OLD_SITE_PAGES.linkTo}`,
    {
      // The address carries a login token: keep it out of the request log lines (info level).
      logLevel: 'warn',
      schema: { querystring: Type.Object({ LoginToken: OptionalText(4096), PageType: OptionalText(64) }) },
      config: { audit: 'account.oldsite_entry' },
    },
    async (request, reply) => {
      const { LoginToken = '', PageType = OLD_SITE_PERSONAL_PAGE } = request.query;
      if (PageType !== OLD_SITE_PERSONAL_PAGE) {
        return sendHtml(
          reply,
          404,
          page(
            '页面不存在',
            `<p>您访问的页面不存在。</p><div class="links">${link(`${portal}#/index`, '返回信用门户')}</div>`,
          ),
        );
      }
      // The portal's one-time code (a JwtToken is no code: refused like any other).
      const taken = auth.takeCode('oldsite', LoginToken);
      const session = taken ? auth.liveSession(taken.sid) : null;
      if (!taken || !session || session.subject.key !== taken.subject) {
        return sendHtml(
          reply,
          401,
          page(
            '登录已失效',
            `<p>该链接已失效或您已退出登录。链接1分钟内有效，且仅可使用一次，请返回信用门户，从“个人资料”重新进入。</p><div class="links">${link(`${portal}#/grzx/scancode`, '返回信用门户登录')}</div>`,
          ),
        );
      }
      // One single-use logintoken for the links back, bound to this login session, so the
      // portal can continue it (spec §4 /newszxy) — until the session is logged out or idle.
      const handoff = auth.mintCode('portal', session, HANDOFF_TTL_MS);
      const { subject } = session;
      audit.note(request, { actor: audit.account(subject), subject: audit.account(subject) });
      const rows: [string, string][] = [
        ['登录方式', subject.kind === 'user' ? '手机号码账号' : '微信'],
        ['手机号码', subject.user?.mobile || '未绑定'],
        ['微信昵称', subject.wechat?.nickname || '未绑定'],
        ['注册时间', subject.user?.createdAt || '—'],
      ];
      const list = rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
      return sendHtml(
        reply,
        200,
        page(
          '个人资料',
          `<dl>${list}</dl>
<p class="note">个人资料与数据报送业务在原网站办理。返回信用门户时将保持登录状态（链接10分钟内有效，仅可使用一次）。</p>
<div class="links">${link(portalEntry({ logintoken: handoff, pageType: 'index' }), '返回信用门户')}${link(
            portalEntry({ logintoken: handoff, pageType: 'grzx/myCenter' }),
            '我的账号',
            true,
          )}</div>`,
        ),
      );
    },
  );

  app.get(
    `${OLD_SITE_PREFIX}${OLD_SITE_PAGES.loginOut}`,
    { logLevel: 'warn', schema: { querystring: Type.Object({ LoginToken: OptionalText(4096) }) } },
    async (request, reply) => {
      // POST /user/logout has ended the session already (every token and code of it); its
      // one-time code tells this page which login ended. A JwtToken is no code.
      if (!auth.takeCode('logout', request.query.LoginToken ?? '')) {
        return sendHtml(
          reply,
          400,
          page(
            '退出链接无效',
            `<p>该退出链接无效或已使用（链接1分钟内有效，仅可使用一次）。如需退出登录，请在信用门户页面右上角点击“退出”。</p><div class="links">${link(`${portal}#/index`, '返回信用门户首页')}</div>`,
          ),
        );
      }
      return sendHtml(
        reply,
        200,
        page(
          '您已安全退出',
          `<p>您已退出${siteName}的登录，本次登录及由其进入原网站的凭证均已失效。</p><div class="links">${link(`${portal}#/index`, '返回信用门户首页')}</div>`,
        ),
      );
    },
  );

  const loginForm = (error = ''): string =>
    page(
      '数据报送系统登录',
      `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${OLD_SITE_PREFIX}${OLD_SITE_PAGES.login}">
<label for="account">账号（手机号码）</label>
<input id="account" name="account" inputmode="numeric" autocomplete="username" maxlength="11" required>
<label for="password">密码</label>
<input id="password" name="password" type="password" autocomplete="current-password" maxlength="64" required>
<div class="links"><button type="submit">登录</button>${link(`${portal}#/index`, '返回信用门户', true)}</div>
</form>
<p class="note">数据报送系统供各级行政机关和公共服务单位报送公共信用信息，账号由市公共信用中心统一开通。</p>`,
    );

  app.get(`${OLD_SITE_PREFIX}${OLD_SITE_PAGES.login}`, { config: { limitClass: 'default' } }, async (_request, reply) =>
    sendHtml(reply, 200, loginForm()),
  );

  app.post(
    `${OLD_SITE_PREFIX}${OLD_SITE_PAGES.login}`,
    {
      schema: { body: Type.Object({ account: OptionalText(64), password: OptionalText(256) }) },
      // It checks a password.
      config: { audit: 'account.submission_login', limitClass: 'strict' },
    },
    async (request, reply) => {
      const account = (request.body.account ?? '').trim();
      const password = request.body.password ?? '';
      if (!/^1[3-9]\d{9}$/.test(account) || !password) {
        return sendHtml(reply, 400, loginForm('请输入正确的手机号码和密码'));
      }
      audit.note(request, { actor: audit.mobile(account) });
      let user;
      try {
        user = await auth.checkPassword(account, password, request.ip);
      } catch (error) {
        if (error instanceof ServiceError) {
          audit.note(request, { reason: error.statusCode === 429 ? 'locked_out' : 'wrong_credentials' });
          return sendHtml(reply, error.statusCode, loginForm(error.message));
        }
        throw error;
      }
      audit.note(request, { actor: `account:${user.id}`, reason: 'no_submission_permission' });
      return sendHtml(
        reply,
        403,
        page(
          '暂无数据报送权限',
          `<p>账号验证成功，但该账号尚未开通数据报送权限。如需报送公共信用信息，请由所在单位向市公共信用中心申请开通。</p><div class="links">${link(`${portal}#/index`, '返回信用门户')}</div>`,
        ),
      );
    },
  );
}

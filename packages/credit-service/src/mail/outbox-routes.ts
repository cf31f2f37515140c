import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { NotFoundError } from '../lib/errors.js';
import { escapeHtml, renderPage, sendHtml } from '../html/page.js';
import { listOutbox } from './mailer.js';
import { OUTBOX_PATH } from '../html/paths.js';
import { loopbackHostOnly } from '../lib/loopback-host.js';

// The page's address (html/paths.ts), re-exported for the routes and tests that name it here.
export { OUTBOX_PATH };

/** Files the outbox writes: <id>.eml and <id>-<n>.<ext>; nothing else is served. */
const OUTBOX_FILE = /^\d{17}-[0-9a-f]{8}(?:-\d{1,3}\.[a-z]{1,5}|\.eml)$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.eml': 'message/rfc822',
  '.pdf': 'application/pdf',
};

/** Headers of the downloads (the page itself is sent with the HTML kit's). */
const HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The outbox's look: a plain full-width table, no header bar. */
const STYLE = `
body { margin: 0; padding: 16px; font-family: 'PingFang SC', 'Microsoft YaHei', sans-serif; color: #1f2329; }
h1 { font-size: 20px; } table { width: 100%; border-collapse: collapse; }
th, td { padding: 8px; border: 1px solid #d9dee6; text-align: left; vertical-align: top; word-break: break-all; }
th { background: #eef3f8; } .note { color: #4e5969; } .sms { white-space: pre-wrap; }
`;

/**
 * The local outbox: a page listing the mails the service "sent" without an SMTP server, newest
 * first, with each message (.eml) and its attachments to download, and the text messages of the
 * demo SMS sender (registration codes). Registered only with OUTBOX_PAGE, never on a public bind,
 * so the page is the developer's own.
 */
const outboxRoutes: FastifyPluginAsync<{ outboxDir: string }> = async (app, { outboxDir }) => {
  app.addHook('onRequest', loopbackHostOnly);
  app.get(OUTBOX_PATH, { logLevel: 'warn' }, async (_request, reply) => {
    const entries = await listOutbox(outboxDir);
    const rows = entries
      .map(
        (entry) => `<tr>
<td>${escapeHtml(entry.createdAt.replace('T', ' ').slice(0, 19))}</td>
<td>${entry.kind === 'sms' ? '短信' : '邮件'}</td>
<td>${escapeHtml(entry.to)}</td>
<td>${escapeHtml(entry.subject)}</td>
<td>${
          entry.kind === 'sms'
            ? `<span class="sms">${escapeHtml(entry.text ?? '')}</span>`
            : `<a href="${OUTBOX_PATH}/${entry.id}.eml">邮件（.eml）</a>${entry.attachments
                .map((a) => `<br><a href="${OUTBOX_PATH}/${a.file}">${escapeHtml(a.filename)}</a>`)
                .join('')}`
        }</td>
</tr>`,
      )
      .join('\n');
    const body = `<p class="note">未配置 SMTP_URL 时，服务发出的邮件保存在数据目录的 outbox 文件夹中；演示模式下，注册验证码短信也写在这里。均在此列出（最新的在前）。</p>
${
  entries.length === 0
    ? '<p>暂无邮件或短信</p>'
    : `<table><thead><tr><th scope="col">时间（UTC）</th><th scope="col">类型</th><th scope="col">收件人</th><th scope="col">主题</th><th scope="col">内容</th></tr></thead><tbody>
${rows}
</tbody></table>`
}`;
    return sendHtml(reply, 200, renderPage({ title: '本地发件箱', site: app.site.siteName, style: STYLE, body }));
  });

  app.get(
    `${OUTBOX_PATH}/:file`,
    { logLevel: 'warn', schema: { params: Type.Object({ file: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      if (!OUTBOX_FILE.test(file)) throw new NotFoundError('邮件不存在');
      let content: Buffer;
      try {
        content = await fs.readFile(path.join(outboxDir, file));
      } catch {
        throw new NotFoundError('邮件不存在');
      }
      const extension = path.extname(file);
      return reply
        .headers({
          ...HEADERS,
          'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
          'content-disposition': `attachment; filename="${file}"`,
        })
        .send(content);
    },
  );
};

export default outboxRoutes;

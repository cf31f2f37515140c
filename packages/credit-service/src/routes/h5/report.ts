import {
  CONTRACTS,
  H5_MESSAGES,
  H5_SUCCESS_STATUS,
  H5ReportFileQuerySchema,
  isEmailAddress,
  maskEmail,
} from '@credit-portal/shared';
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponsesOf, successOk } from '../../lib/dialect.js';
import { escapeHtml, sendHtml } from '../../html/page.js';
import { localToday } from '../../lib/dates.js';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import type { H5Person } from '../../repositories/h5.js';
import { PERSONAL_VERSION } from '../../db/h5-report.js';
import { NO_REPORT_STATUS, REPORT_STEP_TTL_MS, type H5App, type H5Context } from './context.js';
import { renderPersonalReportPdf } from './personal-report-pdf.js';
import { h5Page } from './pages.js';

/** The report file's success answer: PDF bytes, sent as they are (not serialized). */
const PdfSchema = Type.Unsafe<Buffer>({ description: 'application/pdf' });

/** The SPA's readable report page (spec §2.3), where a new download starts. */
const REPORT_PAGE = '#/h5/PersonCreditReport';

/**
 * A browser opening the report's address asks for a page (Accept names text/html); an API client
 * asking for JSON, or for anything, keeps the error envelope.
 */
const opensAsPage = (request: FastifyRequest): boolean => /\btext\/html\b/i.test(request.headers.accept ?? '');

/** The page of a dead report address (used, expired or unknown): what happened and the way back. */
const deadLinkPage = (siteName: string, portalUrl: string): string =>
  h5Page(
    siteName,
    '个人信用报告',
    '报告链接已失效',
    `<p class="error" role="alert">该报告下载链接已使用或已过期，无法再次打开。</p>
<p>为保护您的个人信息，报告下载链接只能打开一次，并在生成后 ${REPORT_STEP_TTL_MS / 60_000} 分钟内有效；刷新页面、从浏览记录或他人处再次打开都无法获取报告。</p>
<p>请返回个人公共信用信息报告页面，点击“下载报告”重新获取。如登录已过期，需重新进行人脸识别认证。</p>
<a class="button" href="${escapeHtml(`${portalUrl}${REPORT_PAGE}`)}">返回个人信用报告</a>`,
  );

/** The report number of a request that names none of this person's reports. */
const REPORT_NOT_FOUND = '未找到该信用报告';

/**
 * The personal public credit report (spec §4, §7): availability (newH5 and the encrypted check),
 * the RSA public key and the two encrypted token steps that lead to the report file, the report's
 * tables for the report page, and the PDF by e-mail. Every call answers only about the person of
 * its Infotoken; another person's name or ID number is refused.
 */
export function registerReportRoutes(app: H5App, ctx: H5Context): void {
  const { repo, options } = ctx;
  const { audit } = app;
  /** Notes the person as both who asked and whose data (the H5 app shows a person only their own). */
  const notePerson = (request: FastifyRequest, person: H5Person): void => {
    const ref = audit.person(person.idNumber);
    audit.note(request, { actor: ref, subject: ref });
  };

  /** The report of the request (a new number when it names none) and its tables. */
  const reportOf = (person: H5Person, reportNumber: string) => {
    const report = repo.report(person.id, reportNumber.trim(), localToday());
    if (!report) throw new NotFoundError(REPORT_NOT_FOUND);
    return { report, tables: repo.reportTables(person, report, PERSONAL_VERSION) };
  };

  serve(app, CONTRACTS.h5ReportAvailability, async ({ body }) => {
    const person = ctx.sessionPerson(body.Infotoken);
    ctx.assertOwn(person, body.IdentityCard, body.UserName);
    const available = ctx.eligible(person);
    return successOk(
      { Status: available ? H5_SUCCESS_STATUS : NO_REPORT_STATUS, ReportNumber: body.ReportNumber },
      available ? 'ok' : H5_MESSAGES.noInformation,
    );
  });

  serve(app, CONTRACTS.h5RsaPublicKey, async () => successOk((await ctx.rsa()).publicKey));

  serve(app, CONTRACTS.h5PersonInfo, async ({ body }) => {
    const available = ctx.eligible(await ctx.decryptIdentity(body));
    // The spec's check reads the success flag: Success false says there is no report.
    return { Success: available, Data: { HasReport: available }, Msg: available ? 'ok' : H5_MESSAGES.noInformation };
  });

  serve(app, CONTRACTS.h5IndividualToken, async ({ body }) => {
    const person = await ctx.decryptIdentity(body);
    if (!ctx.eligible(person)) throw new NotFoundError(H5_MESSAGES.noReport);
    return successOk(repo.issueToken('report_step', person.id, REPORT_STEP_TTL_MS, { parent: body.Infotoken }));
  });

  serve(app, CONTRACTS.h5IndividualInfo, async ({ body }) => {
    const person = await ctx.decryptIdentity(body);
    // The first token is spent here: it leads to one final token.
    if (repo.spendToken('report_step', body.token) !== person.id) {
      throw new UnauthorizedError(H5_MESSAGES.reportTokenInvalid);
    }
    return successOk(repo.issueToken('report_final', person.id, REPORT_STEP_TTL_MS, { parent: body.Infotoken }));
  });

  app.get(
    CONTRACTS.h5ReportFile.path,
    {
      // The address carries the final token: its request line stays out of the logs.
      logLevel: 'warn',
      config: { audit: 'h5.report_download' },
      schema: {
        querystring: H5ReportFileQuerySchema,
        response: { 200: PdfSchema, ...errorResponsesOf(CONTRACTS.h5ReportFile.path) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      // Spent on its first use: one token, one report (the address may be in a history or a proxy's log).
      const personId = repo.spendToken('report_final', query.token);
      const person = personId === undefined ? undefined : repo.person(personId);
      if (!person) {
        if (!opensAsPage(request)) throw new UnauthorizedError(H5_MESSAGES.reportTokenInvalid);
        // Recorded as the envelope's refusal is.
        audit.note(request, { result: 'failure', reason: 'unauthorized' });
        return sendHtml(reply, 410, deadLinkPage(app.site.siteName, options.portalUrl));
      }
      notePerson(request, person);
      const { report, tables } = reportOf(person, '');
      audit.note(request, { details: { reportNumber: report.reportNumber } });
      const pdf = await renderPersonalReportPdf(tables, person, {
        signer: app.reportSigner,
        portalUrl: options.portalUrl,
        issuer: app.site.centreName,
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${report.reportNumber}.pdf"`)
        .send(pdf);
    },
  );

  serve(
    app,
    CONTRACTS.h5ReportData,
    async (request) => {
      const { body } = request;
      const person = ctx.sessionPerson(body.Infotoken);
      notePerson(request, person);
      ctx.assertOwn(person, body.IdentityCard, body.UserName);
      if (!ctx.eligible(person)) {
        audit.note(request, { result: 'failure', reason: 'no_report' });
        return { Data: { Status: NO_REPORT_STATUS }, Msg: H5_MESSAGES.noReport };
      }
      const { report, tables } = reportOf(person, body.ReportNumber);
      audit.note(request, { details: { reportNumber: report.reportNumber } });
      return { Data: { Status: H5_SUCCESS_STATUS, Data: JSON.stringify(tables) }, Msg: 'ok' };
    },
    { config: { audit: 'h5.report_view' } },
  );

  serve(
    app,
    CONTRACTS.h5ReportPdf,
    async (request) => {
      const { body, log } = request;
      const email = body.Email.trim();
      if (!email) throw new BadRequestError(H5_MESSAGES.reportEmailEmpty);
      if (!isEmailAddress(email)) throw new BadRequestError(H5_MESSAGES.reportEmailInvalid);
      const person = ctx.sessionPerson(body.Infotoken);
      notePerson(request, person);
      ctx.assertOwn(person, body.IdentityCard, body.UserName);
      if (!ctx.eligible(person)) {
        audit.note(request, { result: 'failure', reason: 'no_report' });
        return { Data: { Status: NO_REPORT_STATUS }, Msg: H5_MESSAGES.noReport };
      }
      const { report, tables } = reportOf(person, body.ReportNumber);
      // The address masked, never whole: the person's access list shows where their report went.
      audit.note(request, { details: { reportNumber: report.reportNumber, maskedEmail: maskEmail(email) } });
      const mail = ctx.reserveMail(person, 'personal');
      let pdf: Buffer;
      try {
        pdf = await renderPersonalReportPdf(tables, person, {
          signer: app.reportSigner,
          portalUrl: options.portalUrl,
          issuer: app.site.centreName,
        });
        await options.mailer.send({
          to: email,
          subject: `个人公共信用报告（${report.reportNumber}）`,
          text: [
            '您好：',
            '',
            `附件是您于 ${report.queryDate} 查询的个人公共信用报告（报告编号 ${report.reportNumber}），请妥善保管。`,
            '本邮件由系统自动发送，请勿回复。',
          ].join('\n'),
          attachments: [
            { filename: `个人公共信用报告-${report.reportNumber}.pdf`, content: pdf, contentType: 'application/pdf' },
          ],
        });
      } catch (error) {
        // A mail that was not sent does not count against the day's limit.
        repo.releaseMail(mail);
        // The error's code only: SMTP answers often repeat the recipient's address.
        log.warn({ code: (error as { code?: unknown }).code ?? 'unknown' }, 'personal report mail failed');
        audit.note(request, { result: 'failure', reason: 'mail_failed' });
        return { Data: { Status: 0 }, Msg: H5_MESSAGES.reportMailFailed };
      }
      return { Data: { Status: H5_SUCCESS_STATUS }, Msg: H5_MESSAGES.reportMailSent };
    },
    { config: { audit: 'h5.report_email' } },
  );
}

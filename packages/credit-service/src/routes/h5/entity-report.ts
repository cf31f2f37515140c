import { CONTRACTS, H5, H5_MESSAGES, isEmailAddress, maskEmail } from '@credit-portal/shared';
import { successOk } from '../../lib/dialect.js';
import { BadRequestError, ForbiddenError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import type { H5App, H5Context } from './context.js';

/** The entity of a request that the person is not linked to, or a certificate number that is not its. */
const CERT_MISMATCH = '证照号码与该主体不符';
const PURPOSE_REFUSED = `查询用途只能是“${H5.entityReportPurpose}”`;

/**
 * The credit report of a linked entity by e-mail (spec §2.3, §7): the request is recorded first
 * (entity BaseId, type G, the session's Infotoken — kept as its hash —, the entity's certificate
 * number and the purpose 个人查询信用), then MobileSendEmail renders the entity's credit report and
 * mails it as a PDF, answering in the mail sender's { successful, msg } dialect.
 */
export function registerEntityReportRoutes(app: H5App, ctx: H5Context): void {
  const { repo, options } = ctx;
  const { audit } = app;

  const linked = (personId: number, baseId: string) => {
    const id = Number(baseId);
    const entity = Number.isSafeInteger(id) && id > 0 ? repo.linkedEntity(personId, id) : undefined;
    if (!entity) throw new ForbiddenError(H5_MESSAGES.entityNotLinked);
    return entity;
  };

  serve(app, CONTRACTS.h5EntityReportRequest, async ({ body }) => {
    const person = ctx.sessionPerson(body.Infotoken);
    const entity = linked(person.id, body.BaseID);
    if (body.CertNo.trim().toUpperCase() !== entity.creditCode) throw new BadRequestError(CERT_MISMATCH);
    if (body.InquiryMode.trim() !== H5.entityReportPurpose) throw new BadRequestError(PURPOSE_REFUSED);
    const requestId = repo.recordEntityRequest({
      personId: person.id,
      entityId: entity.id,
      infotoken: body.Infotoken,
      certNo: entity.creditCode,
      inquiryMode: H5.entityReportPurpose,
    });
    return successOk({ RequestId: requestId }, '信用报告申请已提交');
  });

  serve(
    app,
    CONTRACTS.h5SendEmail,
    async (incoming) => {
      const { body, log } = incoming;
      const email = body.email.trim();
      if (!email) throw new BadRequestError(H5_MESSAGES.entityEmailEmpty);
      if (!isEmailAddress(email)) throw new BadRequestError(H5_MESSAGES.reportEmailInvalid);
      const person = ctx.sessionPerson(body.Infotoken);
      audit.note(incoming, { actor: audit.person(person.idNumber) });
      ctx.assertOwn(person, '', body.userID);
      const entity = linked(person.id, body.entID);
      audit.note(incoming, { subject: `entity:${entity.id}` });
      const request = repo.latestEntityRequest(person.id, entity.id, body.Infotoken);
      if (!request) throw new BadRequestError(H5_MESSAGES.requestMissing);
      const mail = ctx.reserveMail(person, 'entity');
      let report: { pdf: Buffer; reportNumber: string };
      try {
        report = await options.entityReport(entity.id);
        await options.mailer.send({
          to: email,
          subject: `${entity.name}信用报告（${report.reportNumber}）`,
          text: [
            '您好：',
            '',
            `附件是您申请的${entity.name}（统一社会信用代码 ${entity.creditCode}）的信用报告，报告编号 ${report.reportNumber}。`,
            `查询用途：${H5.entityReportPurpose}。`,
            '本邮件由系统自动发送，请勿回复。',
          ].join('\n'),
          attachments: [
            { filename: `信用报告-${report.reportNumber}.pdf`, content: report.pdf, contentType: 'application/pdf' },
          ],
        });
      } catch (error) {
        // A mail that was not sent does not count against the day's limit.
        repo.releaseMail(mail);
        // The error's code only: SMTP answers often repeat the recipient's address.
        log.warn({ code: (error as { code?: unknown }).code ?? 'unknown' }, 'entity report mail failed');
        audit.note(incoming, { result: 'failure', reason: 'mail_failed' });
        return { successful: false, msg: H5_MESSAGES.mailFailed, data: null };
      }
      repo.markEntityRequestSent(request.requestId, maskEmail(email), report.reportNumber);
      audit.note(incoming, { details: { reportNumber: report.reportNumber } });
      return { successful: true, msg: H5_MESSAGES.entityMailSent, data: { ReportNumber: report.reportNumber } };
    },
    { config: { audit: 'h5.entity_report_email' } },
  );
}

import fs from 'node:fs';
import {
  CONTRACTS,
  ReportVerifyFileFieldsSchema,
  ReportVerifySignatureFieldsSchema,
  SERVICE_MESSAGES,
  type ReportVerifyFileFields,
  type ReportVerifyOutcome,
} from '@credit-portal/shared';
import { checkFields, receiveUpload, removeFiles } from '../../applications/uploads.js';
import { errorCodeOk } from '../../lib/dialect.js';
import { BadRequestError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import type { ServicesContext } from './context.js';

/**
 * A report's verification, all public: by number and code, by its file, the third-party check,
 * and by its embedded signature alone.
 */
export function registerVerifyRoutes(app: TypeboxApp, ctx: ServicesContext): void {
  const { tempDir } = ctx;
  const { reports } = ctx.options;

  serve(
    app,
    CONTRACTS.reportVerify,
    async (request) => {
      // The result only (bad input is recorded as a failure by the audit plugin; a check that did not pass, here).
      const outcome = reports.verify(request.query.reportNo, request.query.code);
      app.audit.note(request, { details: { method: 'code' }, ...failedCheck(outcome) });
      return errorCodeOk(outcome);
    },
    { config: { audit: 'report.verified' } },
  );

  // Whether the report is still current; checked by number and code like VerifyReport.
  serve(
    app,
    CONTRACTS.reportStatus,
    async (request, reply) => {
      const outcome = reports.status(request.query.reportNo, request.query.code);
      app.audit.note(request, {
        details: { method: 'status' },
        ...(outcome.Verified ? {} : { result: 'failure', reason: 'not_verified' }),
      });
      // The answer is about now: a shared cache must not keep it.
      reply.header('cache-control', 'no-store');
      return errorCodeOk(outcome);
    },
    { config: { audit: 'report.verified' } },
  );

  serve(
    app,
    CONTRACTS.reportVerifyFile,
    async (request) => {
      app.audit.note(request, { details: { method: 'file' } });
      const upload = await receiveUpload(request, tempDir, 1);
      // The file is compared, never kept.
      try {
        const fields = checkFields<ReportVerifyFileFields>(ReportVerifyFileFieldsSchema, upload.fields);
        const [file] = upload.files;
        if (!file) throw new BadRequestError('请上传要核验的报告PDF文件');
        if (file.mimeType !== 'application/pdf') throw new BadRequestError('请上传PDF格式的报告文件');
        const outcome = await reports.verifyFile(fields.reportNo, fields.code, fs.readFileSync(file.tempPath));
        app.audit.note(request, { details: { method: 'file' }, ...failedCheck(outcome) });
        return errorCodeOk(outcome);
      } finally {
        removeFiles(upload.files.map((f) => f.tempPath));
      }
    },
    { config: { audit: 'report.verified' } },
  );

  serve(
    app,
    CONTRACTS.thirdPartyCheck,
    async (request) => {
      app.audit.note(request, { details: { method: 'third_party' } });
      const { creditCode, reportNo, code } = request.query;
      return errorCodeOk(reports.thirdParty(creditCode, reportNo, code));
    },
    { config: { audit: 'report.verified' } },
  );

  // A report's PDF alone, checked by its embedded SM2 signature against the published keys.
  serve(
    app,
    CONTRACTS.reportVerifySignature,
    async (request) => {
      app.audit.note(request, { details: { method: 'signature' } });
      const upload = await receiveUpload(request, tempDir, 1);
      try {
        checkFields(ReportVerifySignatureFieldsSchema, upload.fields);
        const [file] = upload.files;
        if (!file) throw new BadRequestError('请上传要核验的报告PDF文件');
        if (file.mimeType !== 'application/pdf') throw new BadRequestError('请上传PDF格式的报告文件');
        return errorCodeOk(await reports.verifyPdf(fs.readFileSync(file.tempPath)));
      } finally {
        removeFiles(upload.files.map((f) => f.tempPath));
      }
    },
    { config: { audit: 'report.verified' } },
  );
}

/** The audit's result of a verification that did not pass (an answer of 200, recorded as a failure). */
function failedCheck(outcome: ReportVerifyOutcome): { result?: 'failure'; reason?: string } {
  if (outcome.Verified) return {};
  return {
    result: 'failure',
    reason: outcome.Message === SERVICE_MESSAGES.reportFileAltered ? 'file_altered' : 'not_verified',
  };
}

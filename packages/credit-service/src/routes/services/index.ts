import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTRACTS,
  formatBeijingTime,
  ObjectionFilingFieldsSchema,
  PAGE_SIZE,
  RepairFilingFieldsSchema,
  API_PATHS,
  ReportVerifyFileFieldsSchema,
  ReportVerifySignatureFieldsSchema,
  SERVICE_MESSAGES,
  type ApplicationKind,
  type ObjectionFilingFields,
  type RepairFilingFields,
  type ReportType,
  type ReportVerifyFileFields,
  type ReportVerifyOutcome,
} from '@credit-portal/shared';
import { signingKeysDocument, type ReportSigner } from '../../signing/report-signer.js';
import { REPORT_ISSUER } from '../../reports/render.js';
import {
  checkFields,
  moveIntoPlace,
  receiveUpload,
  removeFiles,
  storedNameFor,
  type ReceivedUpload,
} from '../../applications/uploads.js';
import { localToday } from '../../lib/dates.js';
import { errorCodeOk } from '../../lib/dialect.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { pageOffset } from '../../lib/sql.js';
import { createServicesRepository, filingState } from '../../repositories/services.js';
import type { ReportService } from '../../reports/report-service.js';
import { ownerOf } from '../../plugins/auth.js';
import { registerReview } from '../../review/index.js';

export interface ServicesOptions {
  /** DATA_DIR: materials are stored under DATA_DIR/uploads. */
  dataDir: string;
  /** The reports (created once by the reports plugin). */
  reports: ReportService;
  /** The centre's report-signing key: its published public keys. */
  signer: ReportSigner;
}

/** How long the published key list may be cached; a key file never changes (its name is its hash). */
const KEY_LIST_MAX_AGE_SECONDS = 300;
const KEY_FILE_MAX_AGE_SECONDS = 86_400;

/** What the repair purposes call lists (GetCreditRepairPurposeList). */
export const REPAIR_PURPOSES = [
  { id: '1', name: '参加招标投标', description: '参与政府采购、工程建设项目招标投标等活动' },
  { id: '2', name: '申请融资信贷', description: '向金融机构申请贷款、授信、担保等' },
  { id: '3', name: '申请政策资金支持', description: '申报财政资金、专项补贴、税收优惠等' },
  { id: '4', name: '参加评优评先', description: '申报荣誉称号、示范企业、评先评优' },
  { id: '5', name: '办理行政审批或资质认定', description: '办理许可、资质、认证等行政审批事项' },
  { id: '6', name: '其他', description: '其他需要修复信用记录的情形' },
] as const;

/** Content-Disposition of a download with a Chinese name (RFC 6266 / 5987). */
const attachment = (fileName: string): string =>
  `attachment; filename="credit-report.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * 信用服务 in the credit API's errorCode dialect: the penalty search and repair
 * purposes (public), filings with materials and the applications behind login (owner only),
 * the user's entities, the two reports as PDFs, their verification and the third-party check.
 */
const servicesRoutes: FastifyPluginAsyncTypebox<ServicesOptions> = async (app, options) => {
  const repo = createServicesRepository(app.db);
  const { auth } = app;
  const { requireLogin } = auth;
  const { reports } = options;
  const uploadsDir = path.join(options.dataDir, 'uploads');
  const tempDir = path.join(uploadsDir, '.incoming');

  await app.register(multipart);

  serve(app, CONTRACTS.repairPunishSearch, async ({ query }) => {
    const pageSize = query.pageSize ?? PAGE_SIZE.default;
    const keyword = query.entNameOrPunishDocNo.trim();
    if (!keyword) throw new BadRequestError(CONTRACTS.repairPunishSearch.emptyFieldMessages.entNameOrPunishDocNo);
    return errorCodeOk(
      repo.searchPunishments(keyword, pageOffset(query.pageIndex ?? 1, pageSize), pageSize, localToday()),
    );
  });

  serve(app, CONTRACTS.repairPurposes, async () => errorCodeOk(REPAIR_PURPOSES.map((purpose) => ({ ...purpose }))));

  serve(
    app,
    CONTRACTS.judgeMyBusiness,
    async (request) => {
      const { id, creditCode } = request.query;
      if (id === undefined && creditCode === undefined) throw new BadRequestError('请提供主体标识或统一社会信用代码');
      const entity = repo.entity(id, id === undefined ? creditCode : undefined);
      if (!entity) throw new NotFoundError(SERVICE_MESSAGES.entityNotFound);
      return errorCodeOk({
        isMine: repo.owns(ownerOf(auth.session(request)), entity.id),
        EntityId: String(entity.id),
        EntName: entity.name,
        CreditCode: entity.creditCode,
      });
    },
    { onRequest: requireLogin },
  );

  serve(
    app,
    CONTRACTS.myBusinessList,
    async (request) => errorCodeOk(repo.entitiesOf(ownerOf(auth.session(request)))),
    { onRequest: requireLogin },
  );

  serve(
    app,
    CONTRACTS.myApplications,
    async (request) => {
      const pageSize = request.query.pageSize ?? PAGE_SIZE.default;
      const offset = pageOffset(request.query.pageIndex ?? 1, pageSize);
      return errorCodeOk(repo.applicationsOf(ownerOf(auth.session(request)), request.query.kind, offset, pageSize));
    },
    { onRequest: requireLogin },
  );

  // One application by number, for its owner only: anyone else is told it does not exist.
  const applicationRoute = (
    contract: typeof CONTRACTS.repairFlow | typeof CONTRACTS.objectionFlow | typeof CONTRACTS.objectionResult,
    kind: ApplicationKind,
  ) =>
    serve(
      app,
      contract,
      async (request) => {
        const found = repo.application(request.query.applyNo.trim().toUpperCase());
        if (!found || found.kind !== kind || found.owner !== ownerOf(auth.session(request))) {
          throw new NotFoundError(SERVICE_MESSAGES.applicationNotFound);
        }
        return errorCodeOk(found.application);
      },
      { onRequest: requireLogin },
    );
  applicationRoute(CONTRACTS.repairFlow, 'repair');
  applicationRoute(CONTRACTS.objectionFlow, 'objection');
  applicationRoute(CONTRACTS.objectionResult, 'objection');

  /** Files an application: fields, ownership and the penalty's state, then one transaction. */
  async function file(request: FastifyRequest, kind: ApplicationKind) {
    const owner = ownerOf(auth.session(request));
    const upload: ReceivedUpload = await receiveUpload(request, tempDir);
    const stored: string[] = [];
    try {
      let purpose: string;
      let punishId: string;
      let contact: Pick<RepairFilingFields, 'contactName' | 'contactPhone' | 'description'>;
      if (kind === 'repair') {
        const fields = checkFields<RepairFilingFields>(RepairFilingFieldsSchema, upload.fields);
        const found = REPAIR_PURPOSES.find((p) => p.id === fields.purposeId);
        if (!found) throw new BadRequestError(SERVICE_MESSAGES.purposeUnknown);
        purpose = found.name;
        punishId = fields.punishId;
        contact = fields;
      } else {
        const fields = checkFields<ObjectionFilingFields>(ObjectionFilingFieldsSchema, upload.fields);
        purpose = fields.objectionType;
        punishId = fields.punishId;
        contact = fields;
      }
      if (upload.files.length === 0) throw new BadRequestError(SERVICE_MESSAGES.noFiles);
      const penalty = repo.penalty(punishId);
      if (!penalty || penalty.subjectType === '自然人') throw new NotFoundError(SERVICE_MESSAGES.punishNotFound);
      if (!repo.owns(owner, penalty.entityId)) throw new ForbiddenError(SERVICE_MESSAGES.notMyBusiness);
      app.audit.note(request, { subject: `entity:${penalty.entityId}`, details: { kind } });
      const state = filingState(penalty, localToday());
      if (kind === 'repair' ? !state.repairable : !state.objectionable) {
        throw new ConflictError(
          state.note || (kind === 'repair' ? SERVICE_MESSAGES.notRepairable : SERVICE_MESSAGES.notObjectionable),
        );
      }
      const at = formatBeijingTime();
      const storedNames = upload.files.map((f) => storedNameFor(f, at));
      stored.push(...storedNames.map((name) => path.join(uploadsDir, name)));
      const application = repo.create(
        {
          kind,
          owner,
          penalty,
          purpose,
          contactName: contact.contactName.trim(),
          contactPhone: contact.contactPhone,
          description: contact.description.trim(),
          at,
          materials: upload.files.map((f, i) => ({
            fileName: f.fileName,
            storedName: storedNames[i]!,
            mimeType: f.mimeType,
            size: f.size,
            sha256: f.sha256,
          })),
        },
        () => moveIntoPlace(upload.files, storedNames, uploadsDir),
      );
      // The application's number: what puts the filing in the review page's history.
      app.audit.note(request, { subject: `application:${application.ApplyNo}` });
      return errorCodeOk(application, '申请已提交');
    } catch (error) {
      // Nothing half-way: the transaction rolled back; remove the files, moved or not.
      removeFiles(stored);
      removeFiles(upload.files.map((f) => f.tempPath));
      throw error;
    }
  }

  serve(app, CONTRACTS.repairUpload, async (request) => file(request, 'repair'), {
    onRequest: requireLogin,
    config: { audit: 'application.filed' },
  });
  serve(app, CONTRACTS.objectionUpload, async (request) => file(request, 'objection'), {
    onRequest: requireLogin,
    config: { audit: 'application.filed' },
  });

  async function sendReport(
    request: FastifyRequest,
    reply: FastifyReply,
    type: ReportType,
    body: { entityId: string; periodFrom: string; periodTo: string },
    requestedBy: string | null,
  ) {
    const issued = await reports.issue(type, { ...body, requestedBy });
    app.audit.note(request, {
      subject: `entity:${body.entityId}`,
      details: { type, reportNumber: issued.reportNumber, keyId: issued.keyId },
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', attachment(issued.fileName))
      .header('x-report-number', issued.reportNumber)
      .header('cache-control', 'no-store')
      .send(issued.pdf);
  }

  serve(
    app,
    CONTRACTS.enterpriseReport,
    async (request, reply) => sendReport(request, reply, 'enterprise', request.body, null),
    { config: { audit: 'report.issued' } },
  );

  serve(
    app,
    CONTRACTS.specialReport,
    async (request, reply) => {
      const owner = ownerOf(auth.session(request));
      const entity = repo.entity(request.body.entityId, undefined);
      if (!entity) throw new NotFoundError(SERVICE_MESSAGES.entityNotFound);
      if (!repo.owns(owner, entity.id)) throw new ForbiddenError(SERVICE_MESSAGES.notMyBusiness);
      return sendReport(request, reply, 'special', request.body, owner);
    },
    { onRequest: requireLogin, config: { audit: 'report.issued' } },
  );

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

  // The public keys, at a stable public address: every key that has ever signed a report.
  const { signer } = options;
  serve(app, CONTRACTS.reportSigningKeys, async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${KEY_LIST_MAX_AGE_SECONDS}`);
    return errorCodeOk(signingKeysDocument(signer.keys(), REPORT_ISSUER));
  });
  app.get<{ Params: { file: string } }>(`${API_PATHS.reportSigningKeyPemPrefix}:file`, async (request, reply) => {
    const keyId = /^([0-9a-f]{64})\.pem$/.exec(request.params.file)?.[1];
    const key = keyId ? signer.key(keyId) : null;
    if (!key) throw new NotFoundError('未找到该签名公钥');
    return reply
      .type('application/x-pem-file')
      .header('cache-control', `public, max-age=${KEY_FILE_MAX_AGE_SECONDS}, immutable`)
      .header('content-disposition', `inline; filename="${key.keyId}.pem"`)
      .send(key.publicKeyPem);
  });

  // The centre's review endpoint and page (review/), with the review token only.
  registerReview(app, repo);
};

export default servicesRoutes;

/** The audit's result of a verification that did not pass (an answer of 200, recorded as a failure). */
function failedCheck(outcome: ReportVerifyOutcome): { result?: 'failure'; reason?: string } {
  if (outcome.Verified) return {};
  return {
    result: 'failure',
    reason: outcome.Message === SERVICE_MESSAGES.reportFileAltered ? 'file_altered' : 'not_verified',
  };
}

import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  CONTRACTS,
  formatBeijingTime,
  PAGE_SIZE,
  SERVICE_MESSAGES,
  type ApplicationKind,
  type RepairFilingFields,
} from '@credit-portal/shared';
import {
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
import type { TypeboxApp } from '../../lib/typebox-app.js';
import { filingState, type NewPromise } from '../../repositories/services.js';
import { ownerOf } from '../../plugins/auth.js';
import type { ServicesContext } from './context.js';

/**
 * What is the user's own, behind login: whether an entity is theirs, their entities and their
 * applications (repairs and objections together).
 */
export function registerApplicationRoutes(app: TypeboxApp, ctx: ServicesContext): void {
  const { repo } = ctx;
  const { auth } = app;
  const { requireLogin } = auth;

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
}

// One application by number, for its owner only: anyone else is told it does not exist.
export function applicationRoute(
  app: TypeboxApp,
  ctx: ServicesContext,
  contract: typeof CONTRACTS.repairFlow | typeof CONTRACTS.objectionFlow | typeof CONTRACTS.objectionResult,
  kind: ApplicationKind,
): void {
  const { repo } = ctx;
  const { auth } = app;
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
    { onRequest: auth.requireLogin },
  );
}

/** What a filing's form gives beside its materials, read by the kind's own schema. */
export interface FilingFields {
  /** The repair purpose's name, or the objection's type. */
  purpose: string;
  punishId: string;
  contact: Pick<RepairFilingFields, 'contactName' | 'contactPhone' | 'description'>;
  /** A repair's signed 信用修复承诺书; null for an objection. */
  promise: NewPromise | null;
}

/** Files an application: fields, ownership and the penalty's state, then one transaction. */
export async function fileApplication(
  app: TypeboxApp,
  ctx: ServicesContext,
  request: FastifyRequest,
  kind: ApplicationKind,
  readFields: (fields: ReceivedUpload['fields']) => FilingFields,
) {
  const { repo, uploadsDir, tempDir } = ctx;
  const { auth } = app;
  const owner = ownerOf(auth.session(request));
  const upload: ReceivedUpload = await receiveUpload(request, tempDir);
  const stored: string[] = [];
  try {
    const { purpose, punishId, contact, promise } = readFields(upload.fields);
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
        promise,
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

import {
  ACCOUNT_MESSAGES,
  CONTRACTS,
  formatBeijingTime,
  looksLikeCreditCode,
  mobileProblem,
  normalizeKeyword,
} from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { ownerOf } from '../../plugins/auth.js';
import { localToday } from '../../lib/dates.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import type { EntityDetailRepository } from '../../repositories/entity-details.js';

/**
 * Credit promises (信用承诺) the logged-in user files (spec §2.1 sxcn/NewEntPromiseInfo) for an
 * entity the account may act for (user_entities, as 信用服务's filings), and their list.
 */
export function registerPromiseRoutes(app: TypeboxApp, details: EntityDetailRepository): void {
  const { auth, audit } = app;
  serve(
    app,
    CONTRACTS.myPromises,
    async (request) => errorCodeOk(details.promisesOf(auth.session(request).subject.key)),
    { onRequest: auth.requireLogin },
  );

  serve(
    app,
    CONTRACTS.createPromise,
    async (request) => {
      const session = auth.session(request);
      const body = request.body;
      const code = normalizeKeyword(body.CreditCode);
      if (!looksLikeCreditCode(code)) throw new BadRequestError('请输入18位统一社会信用代码');
      const entity = details.entityByCode(code);
      if (!entity) throw new NotFoundError('未找到该统一社会信用代码对应的主体');
      audit.note(request, { subject: `entity:${entity.id}` });
      // Only for an entity the account may act for, as repairs and objections (routes/services).
      if (!details.owns(ownerOf(session), entity.id)) throw new ForbiddenError(ACCOUNT_MESSAGES.promiseNotMine);
      const contact = body.ContactMobile.trim();
      const problem = mobileProblem(contact);
      if (problem) throw new BadRequestError(problem);
      const content = body.Content.trim();
      const promiser = body.Promiser.trim();
      if (content.length < 10) throw new BadRequestError('请填写承诺内容（至少10个字）');
      if (promiser.length < 2) throw new BadRequestError('请输入承诺人姓名（至少2个字）');
      const now = new Date();
      const created = details.createPromise({
        entityId: entity.id,
        owner: session.subject.key,
        promiseType: body.PromiseType,
        content,
        promiser,
        contactMobile: contact,
        promisedOn: localToday(now),
        createdAt: formatBeijingTime(now),
      });
      audit.note(request, { details: { promiseType: body.PromiseType } });
      return errorCodeOk(created, '承诺已提交，审核通过后公示');
    },
    { onRequest: auth.requireLogin, config: { audit: 'promise.filed' } },
  );
}

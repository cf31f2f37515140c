import {
  CONTRACTS,
  PAGE_SIZE,
  REPAIR_PROMISE,
  RepairFilingFieldsSchema,
  SERVICE_MESSAGES,
  type RepairFilingFields,
} from '@credit-portal/shared';
import { signedPromise } from '../../applications/promise.js';
import { checkFields } from '../../applications/uploads.js';
import { localToday } from '../../lib/dates.js';
import { errorCodeOk } from '../../lib/dialect.js';
import { BadRequestError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { pageOffset } from '../../lib/sql.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import { applicationRoute, fileApplication, type FilingFields } from './applications.js';
import type { ServicesContext } from './context.js';

/** What the repair purposes call lists (GetCreditRepairPurposeList). */
export const REPAIR_PURPOSES = [
  { id: '1', name: '参加招标投标', description: '参与政府采购、工程建设项目招标投标等活动' },
  { id: '2', name: '申请融资信贷', description: '向金融机构申请贷款、授信、担保等' },
  { id: '3', name: '申请政策资金支持', description: '申报财政资金、专项补贴、税收优惠等' },
  { id: '4', name: '参加评优评先', description: '申报荣誉称号、示范企业、评先评优' },
  { id: '5', name: '办理行政审批或资质认定', description: '办理许可、资质、认证等行政审批事项' },
  { id: '6', name: '其他', description: '其他需要修复信用记录的情形' },
] as const;

/**
 * A repair filing's form: the purpose by its id in REPAIR_PURPOSES, and the 信用修复承诺书 signed
 * against the current text. A missing or unticked promise gets its own message first (the
 * generic field messages would name a checkbox as a field to fill in).
 */
function repairFields(received: Record<string, string>): FilingFields {
  if (received.promiseAccepted !== 'true' || !received.promiseSigner?.trim() || !received.promiseVersion) {
    throw new BadRequestError(SERVICE_MESSAGES.promiseRequired);
  }
  const fields = checkFields<RepairFilingFields>(RepairFilingFieldsSchema, received);
  if (fields.promiseVersion !== REPAIR_PROMISE.version) throw new BadRequestError(SERVICE_MESSAGES.promiseOutdated);
  const found = REPAIR_PURPOSES.find((p) => p.id === fields.purposeId);
  if (!found) throw new BadRequestError(SERVICE_MESSAGES.purposeUnknown);
  return {
    purpose: found.name,
    punishId: fields.punishId,
    contact: fields,
    promise: signedPromise(fields.promiseSigner),
  };
}

/**
 * 信用修复: the penalty search and the purposes (public), the filing with its materials and its
 * flow (behind login, owner only).
 */
export function registerRepairRoutes(app: TypeboxApp, ctx: ServicesContext): void {
  const { repo } = ctx;

  serve(app, CONTRACTS.repairPunishSearch, async ({ query }) => {
    const pageSize = query.pageSize ?? PAGE_SIZE.default;
    const keyword = query.entNameOrPunishDocNo.trim();
    if (!keyword) throw new BadRequestError(CONTRACTS.repairPunishSearch.emptyFieldMessages.entNameOrPunishDocNo);
    return errorCodeOk(
      repo.searchPunishments(keyword, pageOffset(query.pageIndex ?? 1, pageSize), pageSize, localToday()),
    );
  });

  serve(app, CONTRACTS.repairPurposes, async () => errorCodeOk(REPAIR_PURPOSES.map((purpose) => ({ ...purpose }))));

  applicationRoute(app, ctx, CONTRACTS.repairFlow, 'repair');

  serve(app, CONTRACTS.repairUpload, async (request) => fileApplication(app, ctx, request, 'repair', repairFields), {
    onRequest: app.auth.requireLogin,
    config: { audit: 'application.filed' },
  });
}

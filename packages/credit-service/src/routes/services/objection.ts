import { CONTRACTS, ObjectionFilingFieldsSchema, type ObjectionFilingFields } from '@credit-portal/shared';
import { checkFields } from '../../applications/uploads.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import { applicationRoute, fileApplication, type FilingFields } from './applications.js';
import type { ServicesContext } from './context.js';

/** An objection filing's form: the objection's type is its purpose. */
function objectionFields(received: Record<string, string>): FilingFields {
  const fields = checkFields<ObjectionFilingFields>(ObjectionFilingFieldsSchema, received);
  return { purpose: fields.objectionType, punishId: fields.punishId, contact: fields, promise: null };
}

/** 异议申诉, behind login and for the owner only: the filing with its materials, its flow and its result. */
export function registerObjectionRoutes(app: TypeboxApp, ctx: ServicesContext): void {
  applicationRoute(app, ctx, CONTRACTS.objectionFlow, 'objection');
  applicationRoute(app, ctx, CONTRACTS.objectionResult, 'objection');

  serve(
    app,
    CONTRACTS.objectionUpload,
    async (request) => fileApplication(app, ctx, request, 'objection', objectionFields),
    { onRequest: app.auth.requireLogin, config: { audit: 'application.filed' } },
  );
}

import { CONTRACTS, H5_MESSAGES } from '@credit-portal/shared';
import { successOk } from '../../lib/dialect.js';
import { localToday } from '../../lib/dates.js';
import { ForbiddenError, NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { createEntityDetailRepository } from '../../repositories/entity-details.js';
import type { H5App, H5Context } from './context.js';

/**
 * One of the verified person's own entities inside the H5 app (CommercialSubjectDetail): the
 * registration and the public standing the portal's details page shows, from the same repository
 * (so the app, the details page and the reports never disagree), without a portal login. Only an
 * entity linked to the Infotoken's person is answered; any other is 403, whether or not it exists.
 * Like the details page it is not an audited access: an entity's registration and public lists
 * are published data, not a person's.
 */
export function registerEntityDetailRoutes(app: H5App, ctx: H5Context): void {
  const { repo } = ctx;
  const details = createEntityDetailRepository(app.db, app.site);

  serve(app, CONTRACTS.h5EntityDetail, async ({ body }) => {
    const person = ctx.sessionPerson(body.Infotoken);
    const id = Number(body.EntityId.trim());
    const entity = Number.isSafeInteger(id) && id > 0 ? repo.linkedEntity(person.id, id) : undefined;
    if (!entity) throw new ForbiddenError(H5_MESSAGES.entityNotLinked);
    const key = String(entity.id);
    const BaseInfo = details.baseInfo(key);
    const DetailInfo = details.detailInfo(key, localToday());
    if (!BaseInfo || !DetailInfo) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
    return successOk({ BaseInfo, DetailInfo });
  });
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { msgOk } from '../../lib/dialect.js';
import { NotFoundError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { createInteractionRepository } from '../../repositories/interaction.js';

/** Answers when the asked-for message or year does not exist. */
const NOT_FOUND = {
  message: '留言不存在或未公开',
  statistics: '该年度暂无留言统计',
} as const;

/**
 * Interaction (互动交流, POST, JSON bodies, msg dialect): public messages with their search and
 * detail, and the yearly figures.
 */
const interactionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const interaction = createInteractionRepository(app.db);

  serve(app, CONTRACTS.interactionList, async (request) => {
    const { pageIndex, pageSize, ...filter } = request.body;
    return msgOk(
      interaction.messages({ ...filter, pageIndex: pageIndex ?? 1, pageSize: pageSize ?? PAGE_SIZE.default }),
    );
  });

  serve(app, CONTRACTS.interactionSearch, async (request) => {
    const { pageIndex, pageSize, keyword, code, dept, ...filter } = request.body;
    return msgOk(
      interaction.messages({
        ...filter,
        keyword: keyword?.trim() || undefined,
        code: code?.trim() || undefined,
        dept: dept?.trim() || undefined,
        pageIndex: pageIndex ?? 1,
        pageSize: pageSize ?? PAGE_SIZE.default,
      }),
    );
  });

  serve(app, CONTRACTS.interactionDetail, async (request) => {
    const message = interaction.message(request.body.id);
    if (!message) throw new NotFoundError(NOT_FOUND.message);
    return msgOk(message);
  });

  serve(app, CONTRACTS.interactionStatistics, async (request) => {
    const statistics = interaction.statistics(request.body.year);
    if (!statistics) throw new NotFoundError(NOT_FOUND.statistics);
    return msgOk(statistics);
  });
};

export default interactionRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTRACTS,
  OPEN_DATASETS,
  PAGE_SIZE,
  PUBLICITY_EXPORT_MAX_ROWS,
  PUBLICITY_FILTER_MESSAGES,
  normalizeKeyword,
  type OpenDatasetId,
  type PermitExportQuery,
  type PunishExportQuery,
} from '@credit-portal/shared';
import { dayNumber, formatDay, localToday } from '../../lib/dates.js';
import { errorCodeOk } from '../../lib/dialect.js';
import { BadRequestError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { pageOffset } from '../../lib/sql.js';
import {
  createPublicitySearchRepository,
  type ExportRecord,
  type LicenceSearchFilter,
  type PenaltySearchFilter,
  type SearchPage,
} from '../../repositories/publicity-search.js';
import { toCsv } from '../open-data/files.js';

/** A real calendar day (the schema checks the shape only: 2026-02-30 is refused here). */
const isDay = (text: string): boolean => formatDay(dayNumber(text)) === text;

/** The filters both searches share, checked beyond their schema: real days, in order. */
function sharedFilter(query: PermitExportQuery | PunishExportQuery) {
  const { dateFrom, dateTo } = query;
  if ((dateFrom !== undefined && !isDay(dateFrom)) || (dateTo !== undefined && !isDay(dateTo)))
    throw new BadRequestError(PUBLICITY_FILTER_MESSAGES.badDate);
  if (dateFrom !== undefined && dateTo !== undefined && dateFrom > dateTo)
    throw new BadRequestError(PUBLICITY_FILTER_MESSAGES.dateOrder);
  return {
    authority: query.authority?.trim() || undefined,
    dateFrom,
    dateTo,
    sort: query.sort,
  };
}

const licenceFilter = (query: PermitExportQuery): LicenceSearchFilter => ({
  ...sharedFilter(query),
  searchWord: normalizeKeyword(query.entNameOrLicenseDocNo) || undefined,
  category: query.category,
});

/**
 * Repaired penalties leave publicity (信用修复管理办法, NDRC order No. 36, art. 3): there is nothing
 * the rules let us show under 已修复, so that filter is refused with the reason, not answered
 * with an empty list that would look like "no repairs".
 */
function penaltyFilter(query: PunishExportQuery): PenaltySearchFilter {
  if (query.state === '已修复') throw new BadRequestError(PUBLICITY_FILTER_MESSAGES.repaired);
  return {
    ...sharedFilter(query),
    searchWord: normalizeKeyword(query.entNameOrPunishDocNo) || undefined,
    kind: query.kind,
    severity: query.severity,
    state: query.state,
  };
}

/** A page as the search answers it: totalCapped only when set, so that an uncapped answer is as before. */
const pageAnswer = <T>(page: SearchPage<T>) =>
  page.totalCapped
    ? { list: page.rows, totalCount: page.total, totalCapped: true }
    : { list: page.rows, totalCount: page.total };

const datasetOf = (id: OpenDatasetId) => OPEN_DATASETS.find((dataset) => dataset.id === id)!;

/** The CSV of an export, named by its dataset and day (ASCII name and the Chinese one for browsers). */
function csvReply(id: OpenDatasetId, title: string, records: readonly ExportRecord[], today: string) {
  const name = `${id}-${today}.csv`;
  return {
    body: toCsv(datasetOf(id), records),
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(`${title}-${today}.csv`)}`,
      'cache-control': 'no-store',
    },
  };
}

/**
 * The double-disclosure searches of the xygsList page (spec §7): licences by counterpart name or
 * document number, penalties in publicity likewise, each with filters (deciding authority,
 * decision date range, category; for penalties kind, severity and state) and a sort by decision
 * date; and their CSV exports, the open data's format (field codes XK_* / CF_*, ID numbers masked,
 * UTF-8 with BOM), at most PUBLICITY_EXPORT_MAX_ROWS rows in the search's order. A keyword's total
 * is counted up to PUBLICITY_SEARCH_COUNT_MAX (totalCapped: more match); a page beyond it is empty,
 * with that total, as a page past the last one is.
 */
const publicitySearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const search = createPublicitySearchRepository(app.db);

  serve(app, CONTRACTS.permitSearch, async (request) => {
    const { pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
    const page = search.licences(licenceFilter(request.query), {
      offset: pageOffset(pageIndex, pageSize),
      limit: pageSize,
    });
    return errorCodeOk(pageAnswer(page));
  });

  serve(app, CONTRACTS.punishSearch, async (request) => {
    const { pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
    const page = search.penalties(penaltyFilter(request.query), localToday(), {
      offset: pageOffset(pageIndex, pageSize),
      limit: pageSize,
    });
    return errorCodeOk(pageAnswer(page));
  });

  serve(app, CONTRACTS.permitExport, async (request, reply) => {
    const today = localToday();
    const csv = csvReply(
      'xzxk',
      '行政许可',
      search.licenceRecords(licenceFilter(request.query), PUBLICITY_EXPORT_MAX_ROWS),
      today,
    );
    return reply.headers(csv.headers).send(csv.body);
  });

  serve(app, CONTRACTS.punishExport, async (request, reply) => {
    const today = localToday();
    const csv = csvReply(
      'xzcf',
      '行政处罚',
      search.penaltyRecords(penaltyFilter(request.query), today, PUBLICITY_EXPORT_MAX_ROWS),
      today,
    );
    return reply.headers(csv.headers).send(csv.body);
  });
};

export default publicitySearchRoutes;

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTRACTS,
  OPEN_DATA_LIMITS,
  OPEN_DATA_MANIFEST_FILE,
  OPEN_DATA_MANIFEST_SIGNATURE_FILE,
  OPEN_DATA_PATHS,
  isNotModified,
  openDataset,
  validatorHeaders,
  type OpenDataCatalog,
  type OpenDataManifest,
  type Validators,
} from '@credit-portal/shared';
import { Type } from 'typebox';
import { errorCodeOk } from '../../lib/dialect.js';
import { BAD_REQUEST_PREFIX, BadRequestError, NotFoundError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { createChangeLog } from '../../repositories/change-feed.js';
import { cursorKey, createCursorCodec } from './cursor.js';
import { OPEN_DATA_DIR, dayDir, type ManifestSigner } from './files.js';
import { createOpenDataJob } from './job.js';
import { createRecordIndex } from './record-index.js';
import { createOpenDataSource } from './source.js';

export {
  DEFAULT_OPEN_DATA_CRON,
  DEFAULT_OPEN_DATA_RETENTION_DAYS,
  DEFAULT_OPEN_DATA_WITHDRAWAL_CHECK_SECONDS,
} from './job.js';

export interface OpenDataRouteOptions {
  dataDir: string;
  retentionDays: number;
  /** A cron pattern of the daily job (local time); null: none (today's files are still made at start and when asked for). */
  cron: string | null;
  /** How often the outbox is checked for withdrawals that rewrite today's files, seconds (0: on requests only). */
  withdrawalCheckSeconds?: number;
  /** The centre's SM2 key (app.reportSigner's), which signs every manifest. */
  signer: ManifestSigner;
  /** The clock (tests). */
  now?: () => Date;
}

/** The messages of the open-data refusals. */
export const OPEN_DATA_MESSAGES = {
  unknownDataset: '数据集不存在',
  badCursor: `${BAD_REQUEST_PREFIX}cursor 无效`,
  otherDataset: `${BAD_REQUEST_PREFIX}cursor 不属于该数据集`,
  badChangesCursor: `${BAD_REQUEST_PREFIX}cursor 无效（请使用上一页返回的 nextCursor，或不带 cursor 从头读取）`,
  staleCursor: `${BAD_REQUEST_PREFIX}cursor 已过期（数据已按日更新），请从第一页重新获取`,
  noFile: '文件不存在（仅提供当日的开放数据文件）',
} as const;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
  json: 'application/json; charset=utf-8',
  sig: 'application/octet-stream',
};

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/**
 * Open data (开放数据): the daily files of what is in publicity today and the read API
 * over them — the catalogue, cursor-paged records and the files — with ETag and Last-Modified
 * (304 on a matching conditional request). The daily job (job.ts) writes today's files at start
 * and on its schedule; every answer is of today's files, written first if they are missing.
 */
const openDataRoutes: FastifyPluginAsyncTypebox<OpenDataRouteOptions> = async (app, options) => {
  const root = path.join(options.dataDir, OPEN_DATA_DIR);
  const changes = createChangeLog(app.db);
  const job = createOpenDataJob({
    root,
    source: createOpenDataSource(app.db, app.site),
    changes,
    signer: options.signer,
    withdrawalCheckSeconds: options.withdrawalCheckSeconds,
    retentionDays: options.retentionDays,
    cron: options.cron,
    log: app.log,
    now: options.now,
    metrics: app.metrics,
  });
  const cursors = createCursorCodec(cursorKey(app.db));
  const index = createRecordIndex(root);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());

  /** Sends 304 when the request's validators match, else sets them on the answer; true when answered. */
  const conditional = (request: FastifyRequest, reply: FastifyReply, validators: Validators): boolean => {
    reply.headers(validatorHeaders(validators)).header('cache-control', 'no-cache');
    if (!isNotModified(request.headers, validators)) return false;
    reply.code(304).send();
    return true;
  };
  const madeAt = (manifest: OpenDataManifest): Date => new Date(manifest.generatedAt);

  serve(app, CONTRACTS.openDatasets, async (request, reply) => {
    const manifest = job.ensureToday();
    const validators = { etag: `"${sha256(JSON.stringify(manifest)).slice(0, 32)}"`, lastModified: madeAt(manifest) };
    if (conditional(request, reply, validators)) return reply;
    const filesOf = `${OPEN_DATA_PATHS.filesPrefix}${manifest.date}/`;
    const catalog: OpenDataCatalog = {
      date: manifest.date,
      generatedAt: manifest.generatedAt,
      manifestUrl: `${filesOf}${OPEN_DATA_MANIFEST_FILE}`,
      manifestSignatureUrl: `${filesOf}${OPEN_DATA_MANIFEST_SIGNATURE_FILE}`,
      datasets: manifest.datasets.flatMap((entry) => {
        const dataset = openDataset(entry.id);
        if (!dataset) return [];
        return [
          {
            id: dataset.id,
            title: dataset.title,
            description: dataset.description,
            rows: entry.rows,
            files: entry.files.map((file) => ({ ...file, url: `${filesOf}${file.name}` })),
            fields: [...dataset.fields],
          },
        ];
      }),
    };
    return errorCodeOk(catalog);
  });

  serve(app, CONTRACTS.openRecords, async (request, reply) => {
    const { dataset: id, cursor, limit = OPEN_DATA_LIMITS.defaultLimit } = request.query;
    const dataset = openDataset(id);
    if (!dataset) throw new NotFoundError(OPEN_DATA_MESSAGES.unknownDataset);
    const manifest = job.ensureToday();
    let offset = 0;
    if (cursor !== undefined && cursor !== '') {
      const position = cursors.decode(cursor);
      if (position === null) throw new BadRequestError(OPEN_DATA_MESSAGES.badCursor);
      if (position.dataset !== dataset.id) throw new BadRequestError(OPEN_DATA_MESSAGES.otherDataset);
      // Another day's, or today's before a withdrawal rewrote the files: offsets have moved.
      if (position.date !== manifest.date || position.revision !== manifest.revision) {
        throw new BadRequestError(OPEN_DATA_MESSAGES.staleCursor);
      }
      offset = position.offset;
    }
    const file = manifest.datasets.find((entry) => entry.id === dataset.id)?.files.find((f) => f.format === 'jsonl');
    if (!file) throw new NotFoundError(OPEN_DATA_MESSAGES.unknownDataset);
    const validators = { etag: `"${file.sha256.slice(0, 32)}-${offset}-${limit}"`, lastModified: madeAt(manifest) };
    if (conditional(request, reply, validators)) return reply;
    const page = index.page(manifest.date, manifest.revision, file.name, offset, limit);
    const next = offset + limit;
    return errorCodeOk({
      dataset: dataset.id,
      date: manifest.date,
      total: page.total,
      records: page.records,
      nextCursor:
        next < page.total
          ? cursors.encode({ date: manifest.date, revision: manifest.revision, dataset: dataset.id, offset: next })
          : null,
    });
  });

  serve(app, CONTRACTS.openChanges, async (request) => {
    const { cursor, limit = OPEN_DATA_LIMITS.defaultLimit, dataset } = request.query;
    if (dataset !== undefined && !openDataset(dataset)) throw new NotFoundError(OPEN_DATA_MESSAGES.unknownDataset);
    let after = 0;
    if (cursor !== undefined && cursor !== '') {
      const seq = cursors.decodeChanges(cursor);
      if (seq === null) throw new BadRequestError(OPEN_DATA_MESSAGES.badChangesCursor);
      after = seq;
    }
    // One more than asked: whether more wait now, without a count.
    const rows = changes.after(after, limit + 1, dataset);
    const page = rows.slice(0, limit);
    return errorCodeOk({
      changes: page,
      nextCursor: cursors.encodeChanges(page.at(-1)?.seq ?? after),
      hasMore: rows.length > limit,
    });
  });

  app.get(
    `${OPEN_DATA_PATHS.filesPrefix}:date/:name`,
    {
      schema: {
        params: Type.Object({
          date: Type.String({ maxLength: 10 }),
          name: Type.String({ maxLength: 64 }),
        }),
      },
    },
    async (request, reply) => {
      const { date, name } = request.params;
      const manifest = job.ensureToday();
      // Only today's files: a record that left publicity leaves the files the next day.
      if (date !== manifest.date) throw new NotFoundError(OPEN_DATA_MESSAGES.noFile);
      const listed = manifest.datasets.flatMap((entry) => entry.files).find((file) => file.name === name);
      if (!listed && name !== OPEN_DATA_MANIFEST_FILE && name !== OPEN_DATA_MANIFEST_SIGNATURE_FILE) {
        throw new NotFoundError(OPEN_DATA_MESSAGES.noFile);
      }
      const file = path.join(dayDir(root, date), name);
      // A listed file's hash is in the manifest: a 304 reads nothing, and the file streams (a day's
      // penalties can be hundreds of megabytes); only the small manifest and its signature are read to be hashed.
      const manifestBytes = listed ? null : fs.readFileSync(file);
      const validators = {
        etag: `"${listed ? listed.sha256 : sha256(manifestBytes!)}"`,
        lastModified: madeAt(manifest),
      };
      if (conditional(request, reply, validators)) return reply;
      const extension = name.slice(name.lastIndexOf('.') + 1);
      reply
        .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${name}"`);
      if (manifestBytes !== null) return reply.send(manifestBytes);
      return reply.header('content-length', listed!.bytes).send(fs.createReadStream(file));
    },
  );
};

export default openDataRoutes;

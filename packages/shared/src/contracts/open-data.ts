import { Type, type Static } from 'typebox';
import { defineRoute } from '../api.js';
import { OPEN_DATA_HEADS as HEADS, OPEN_DATA_LIMITS } from '../heads/open-data.js';
import { OPEN_DATA_FORMATS } from './open-data-datasets.js';

export { OPEN_DATA_LIMITS, OPEN_DATA_PATHS, OPEN_DATA_TAG } from '../heads/open-data.js';

/** Longest cursor the records call takes (an opaque, signed token). */
export const OPEN_DATA_CURSOR_MAX = 200;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' });

/** One file of a day, as the manifest lists it. */
export const OpenDataFileSchema = Type.Object({
  format: Type.Union([Type.Literal(OPEN_DATA_FORMATS[0]), Type.Literal(OPEN_DATA_FORMATS[1])]),
  name: Type.String(),
  bytes: Type.Integer({ minimum: 0 }),
  sha256: Sha256,
});
export type OpenDataFile = Static<typeof OpenDataFileSchema>;

/** The changes of the feed (/open/v1/changes) a manifest covers: seq range and count per kind. */
export const OpenDataManifestChangesSchema = Type.Object({
  /** The first seq after the previous day's manifest (1 when there was none). */
  fromSeq: Type.Integer({ minimum: 1 }),
  /** The last seq when the files were written; fromSeq - 1 when there were no changes. */
  toSeq: Type.Integer({ minimum: 0 }),
  added: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  withdrawn: Type.Integer({ minimum: 0 }),
});
export type OpenDataManifestChanges = Static<typeof OpenDataManifestChangesSchema>;

/**
 * A day's manifest (DATA_DIR/open-data/{date}/manifest.json, also served as a file), signed with
 * the centre's SM2 key: its bytes' signature (DER) is the file manifest.json.sig (docs/VERIFY.md).
 */
export const OpenDataManifestSchema = Type.Object({
  date: Day,
  /** ISO 8601: when the files were written. */
  generatedAt: Type.String(),
  /** 1 for the day's first files; one more each time a withdrawal during the day rewrote them. */
  revision: Type.Integer({ minimum: 1 }),
  datasets: Type.Array(
    Type.Object({ id: Type.String(), rows: Type.Integer({ minimum: 0 }), files: Type.Array(OpenDataFileSchema) }),
  ),
  changes: OpenDataManifestChangesSchema,
  /** The key that signs manifest.json.sig: SM2 with SM3, the report keys' id (SM3 of the SPKI DER). */
  signature: Type.Object({ algorithm: Type.String(), keyId: Type.String(), file: Type.String() }),
});
export type OpenDataManifest = Static<typeof OpenDataManifestSchema>;

export const OpenDataFieldSchema = Type.Object({ code: Type.String(), name: Type.String(), meaning: Type.String() });

/** A dataset in the catalogue: the manifest's entry with its title, description, field descriptions and file addresses. */
export const OpenDatasetSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  rows: Type.Integer({ minimum: 0 }),
  files: Type.Array(
    Type.Object({
      ...OpenDataFileSchema.properties,
      /** The file's address under the gateway, e.g. /open/v1/files/2026-11-27/xzcf-2026-11-27.csv. */
      url: Type.String(),
    }),
  ),
  fields: Type.Array(OpenDataFieldSchema),
});
export type OpenDataset = Static<typeof OpenDatasetSchema>;

/** GET /open/v1/datasets. */
export const OpenDataCatalogSchema = Type.Object({
  date: Day,
  generatedAt: Type.String(),
  /** The day's manifest file. */
  manifestUrl: Type.String(),
  /** Its SM2 signature (DER), to check with OpenSSL (docs/VERIFY.md). */
  manifestSignatureUrl: Type.String(),
  datasets: Type.Array(OpenDatasetSchema),
});
export type OpenDataCatalog = Static<typeof OpenDataCatalogSchema>;

/** GET /open/v1/records: a dataset id, the cursor of the previous page's answer (none: the first page), a page size. */
export const OpenDataRecordsQuerySchema = Type.Object({
  dataset: Type.String({ minLength: 1, maxLength: 32 }),
  cursor: Type.Optional(Type.String({ maxLength: OPEN_DATA_CURSOR_MAX })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: OPEN_DATA_LIMITS.maxLimit })),
});
export type OpenDataRecordsQuery = Static<typeof OpenDataRecordsQuerySchema>;

/** One page of records: each record keyed by its dataset's field codes, values as in the files. */
export const OpenDataRecordsPageSchema = Type.Object({
  dataset: Type.String(),
  date: Day,
  /** Records of the day's file in all. */
  total: Type.Integer({ minimum: 0 }),
  records: Type.Array(Type.Record(Type.String(), Type.String())),
  /** The next page's cursor; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type OpenDataRecordsPage = Static<typeof OpenDataRecordsPageSchema>;

/** What happened to a record of an open dataset. */
export const OPEN_DATA_CHANGE_KINDS = ['added', 'updated', 'withdrawn'] as const;
export type OpenDataChangeKind = (typeof OPEN_DATA_CHANGE_KINDS)[number];

/** Why a record left publicity: repaired, its publicity period ended, an objection corrected it, revoked. */
export const OPEN_DATA_WITHDRAWAL_REASONS = ['已修复', '公示期满', '异议更正', '撤销'] as const;
export type OpenDataWithdrawalReason = (typeof OPEN_DATA_WITHDRAWAL_REASONS)[number];

/** GET /open/v1/changes: the cursor of the previous page's answer (none: from the first change), a page size, a dataset (none: all). */
export const OpenDataChangesQuerySchema = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: OPEN_DATA_CURSOR_MAX })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: OPEN_DATA_LIMITS.maxLimit })),
  dataset: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
});
export type OpenDataChangesQuery = Static<typeof OpenDataChangesQuerySchema>;

/** One change to an open dataset: the feed's entry and a webhook's body. */
export const OpenDataChangeSchema = Type.Object({
  /** The event's stable id (a UUID): the same in the feed and in every webhook delivery of it. */
  id: Type.String(),
  /** Its place in the feed: increasing; a receiver drops an event older than the last it applied to a record. */
  seq: Type.Integer({ minimum: 1 }),
  dataset: Type.String(),
  /** The record's stable id within its dataset. */
  recordId: Type.String(),
  kind: Type.Union([
    Type.Literal(OPEN_DATA_CHANGE_KINDS[0]),
    Type.Literal(OPEN_DATA_CHANGE_KINDS[1]),
    Type.Literal(OPEN_DATA_CHANGE_KINDS[2]),
  ]),
  /** Why it was withdrawn (已修复, 公示期满, 异议更正, 撤销); null for added and updated. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601 with the centre's offset. */
  occurredAt: Type.String(),
});
export type OpenDataChange = Static<typeof OpenDataChangeSchema>;

/** One page of the change feed. */
export const OpenDataChangesPageSchema = Type.Object({
  changes: Type.Array(OpenDataChangeSchema),
  /** Where to resume: after the last change of this page (or where this page started, when empty). Always given: poll it later for what comes next. */
  nextCursor: Type.String(),
  /** True when more changes wait now (ask again at once). */
  hasMore: Type.Boolean(),
});
export type OpenDataChangesPage = Static<typeof OpenDataChangesPageSchema>;

/** The heads of heads/open-data.ts with their schemas, by the same names. */
export const OPEN_DATA_CONTRACTS = {
  openDatasets: defineRoute(HEADS.openDatasets, {
    data: OpenDataCatalogSchema,
  }),
  openRecords: defineRoute(HEADS.openRecords, {
    query: OpenDataRecordsQuerySchema,
    data: OpenDataRecordsPageSchema,
  }),
  openChanges: defineRoute(HEADS.openChanges, {
    query: OpenDataChangesQuerySchema,
    data: OpenDataChangesPageSchema,
  }),
  openFiles: defineRoute(HEADS.openFiles),
};

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

/** A day's manifest (DATA_DIR/open-data/{date}/manifest.json, also served as a file). */
export const OpenDataManifestSchema = Type.Object({
  date: Day,
  /** ISO 8601: when the files were written. */
  generatedAt: Type.String(),
  datasets: Type.Array(
    Type.Object({ id: Type.String(), rows: Type.Integer({ minimum: 0 }), files: Type.Array(OpenDataFileSchema) }),
  ),
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

/** The heads of heads/open-data.ts with their schemas, by the same names. */
export const OPEN_DATA_CONTRACTS = {
  openDatasets: defineRoute(HEADS.openDatasets, {
    data: OpenDataCatalogSchema,
  }),
  openRecords: defineRoute(HEADS.openRecords, {
    query: OpenDataRecordsQuerySchema,
    data: OpenDataRecordsPageSchema,
  }),
  openFiles: defineRoute(HEADS.openFiles),
};

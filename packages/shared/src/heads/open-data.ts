import { defineHead } from '../api.js';
import { OPEN_DATA_CATALOGUE_TAG, OPEN_DATASET_TAG_PREFIX } from '../vocabulary/cache-tags.js';

/*
 * The open-data read API (开放数据) under /open/v1: the catalogue of today's files, the
 * records of one dataset page by page, and the files themselves. The credit-service writes the
 * files and serves these paths; the gateway fronts them with its cache, ETag/Last-Modified and a
 * per-client quota, and documents them under the `opendata` tag of /docs.
 */

/** The /docs tag of the open-data routes. */
export const OPEN_DATA_TAG = 'opendata';

/** Page sizes of the records call. */
export const OPEN_DATA_LIMITS = { defaultLimit: 100, maxLimit: 1000 } as const;

/**
 * Public, impersonal and the same for everyone all day, so cached like the lists (a new day shows
 * within the TTL; purge tag open-data). Stale answers for minutes, not the default 24 h: a record
 * that left publicity must leave the API.
 */
const OPEN_DATA_CACHE = { tags: ['open-data'], ttlSeconds: 300, staleSeconds: 60, errorStaleSeconds: 300 } as const;

/** The open-data routes (the credit data API's base, CREDIT_API_URL), under one rate-limit quota per client. */
/** The two JSON reads: one quota per client, the upstream's ETag kept, cached as above. */
const OPEN_DATA_READ = {
  rateLimit: 'opendata',
  methods: ['GET'],
  upstream: 'credit',
  dialect: 'errorCode',
  conditional: true,
  tag: OPEN_DATA_TAG,
  cache: OPEN_DATA_CACHE,
} as const;

export const OPEN_DATA_HEADS = {
  /** GET → OpenDataCatalog: today's datasets with their files (date, rows, bytes, SHA-256) and fields. */
  openDatasets: defineHead({
    path: '/open/v1/datasets',
    ...OPEN_DATA_READ,
    // A withdrawal rewrites today's files: the catalogue's rows and SHA-256 go with it.
    cache: { ...OPEN_DATA_CACHE, tags: [...OPEN_DATA_CACHE.tags, OPEN_DATA_CATALOGUE_TAG] },
  }),
  /** GET ?dataset&cursor&limit → OpenDataRecordsPage: one page of today's records of a dataset. */
  openRecords: defineHead({
    path: '/open/v1/records',
    ...OPEN_DATA_READ,
    // One dataset's pages carry its own tag: a change to one dataset leaves the others cached.
    cache: { ...OPEN_DATA_CACHE, keyTag: { param: 'dataset', prefix: OPEN_DATASET_TAG_PREFIX } },
  }),
  /**
   * GET ?cursor&limit&dataset → OpenDataChangesPage: every change to the open datasets in order
   * (added, updated, withdrawn with its reason). Never cached: a withdrawal is news at once; the
   * quota is the records API's.
   */
  openChanges: defineHead({
    path: '/open/v1/changes',
    rateLimit: 'opendata',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    tag: OPEN_DATA_TAG,
  }),
  /** GET /open/v1/files/{date}/{file}: a dataset's CSV or JSON Lines file, or the day's manifest.json; streamed through with the upstream's own ETag. */
  openFiles: defineHead({
    path: '/open/v1/files/',
    rateLimit: 'opendata',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'binary',
    prefix: true,
    tag: OPEN_DATA_TAG,
    timeoutMs: 30_000,
  }),
};

/** The open-data paths, as their rows have them. */
export const OPEN_DATA_PATHS = {
  datasets: OPEN_DATA_HEADS.openDatasets.path,
  records: OPEN_DATA_HEADS.openRecords.path,
  changes: OPEN_DATA_HEADS.openChanges.path,
  filesPrefix: OPEN_DATA_HEADS.openFiles.path,
} as const;

/*
 * The gateway's cache tags that a change to what is public names (the credit-service writes them
 * with each change; the gateways purge them): one tag for every list a penalty appears in, one per
 * penalty for its details, one per open dataset. The route heads carry the same tags.
 */

/** Every cached list that shows penalties (notices, searches, the district lists). */
export const PENALTY_LIST_TAG = 'penalty-list';

/** The prefix of one penalty's tag, given to its detail answers (the detail query's id). */
export const PENALTY_TAG_PREFIX = 'penalty:';

/** The prefix of one open dataset's tag, given to its record pages (the records query's dataset). */
export const OPEN_DATASET_TAG_PREFIX = 'open-data:';

/** The open-data catalogue (today's files: rows, SHA-256): rewritten when a record is withdrawn. */
export const OPEN_DATA_CATALOGUE_TAG = 'open-data-catalogue';

/** The tag of one penalty's details. */
export const penaltyTag = (id: string | number): string => `${PENALTY_TAG_PREFIX}${id}`;

/** The tag of one open dataset's record pages. */
export const openDatasetTag = (dataset: string): string => `${OPEN_DATASET_TAG_PREFIX}${dataset}`;

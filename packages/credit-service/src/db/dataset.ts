/*
 * Which data set a new database is filled with (the `dataset` row of migration 1 records it): the
 * PRNG seed, the number of entities and the day its dates count back from. The defaults are the
 * service's settings (CREDIT_SERVICE_SEED, SEED_ENTITIES); seed/ writes the data set itself.
 */

/** What to generate: the PRNG seed and how many entities (licences and penalties scale with them). */
export interface SeedOptions {
  seed: number;
  entities: number;
  /** The day licence and penalty dates are relative to (yyyy-mm-dd; default SEED_AS_OF); a new database passes its creation day. */
  asOf?: string;
}

export const DEFAULT_SEED = 20260101;
export const DEFAULT_SEED_ENTITIES = 5000;
export const MAX_SEED_ENTITIES = 10_000_000;

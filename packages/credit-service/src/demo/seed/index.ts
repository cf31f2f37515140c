import type { Database } from 'better-sqlite3';
import { beijingDay, formatBeijingTime } from '@credit-portal/shared';
import type { SeedOptions } from '../../db/dataset.js';
import { ensureAccountSeed, ensureFulfilmentSeed } from './account.js';
import { ensureDisclosureSeed } from './disclosure.js';
import { isSeeded, writeRegions, writeSeed } from './generate.js';
import { ensureH5Seed } from './h5.js';
import { ensureHetaoSeed } from './hetao.js';
import { ensurePortalSeed } from './portal.js';
import { ensureServicesSeed } from './services.js';

/*
 * The demo wing's one door. The service's code never imports seed/: the database plugin
 * (plugins/db.ts) and the seed CLI (seed/cli.ts) call ensureSeed, and tests may use the demo
 * identities below. Everything else in this folder is how the data set is made.
 */

export { isSeeded } from './generate.js';
export { generateSeed, SEED_AS_OF, type SeedData } from './generate.js';
/** The demo mobile account of a new database (README). */
export { DEMO_ACCOUNT } from './account.js';
/** The second demo account (user B of the ownership rules). */
export { DEMO_ACCOUNT_B } from './services.js';
/** The demo person of the H5 app's test mode (README). */
export { DEMO_PERSON } from './h5.js';

/** Which data set, and the day a new database's dates count back from (yyyy-mm-dd). */
export interface EnsureSeedOptions extends SeedOptions {
  asOf: string;
  /** The moment of writing (default: now); nothing written is dated after it when `asOf` is its Beijing day. */
  now?: Date;
}

/**
 * The seed's timestamps (yyyy-mm-dd hh:mm:ss, Beijing time), table by table: what holdToMoment
 * looks at. Its day-only dates never pass the data set's day by construction; a timestamp on that
 * day draws an hour of the day, which may still be ahead of the moment the data set is written.
 */
const SEED_TIMESTAMPS: Readonly<Record<string, readonly string[]>> = {
  licences: ['UPDATETIME'],
  penalties: ['UPDATETIME'],
  users: ['created_at'],
  credit_promises: ['created_at'],
  promise_fulfilments: ['updated_at'],
  abnormal_business: ['updated_at'],
  major_tax_violations: ['updated_at'],
  wage_arrears: ['updated_at'],
  nontax_arrears: ['updated_at'],
  personal_bankruptcies: ['updated_at'],
  hetao_members: ['updated_at'],
  interaction_messages: ['created_at', 'replied_at'],
  service_applications: ['submitted_at', 'updated_at'],
  application_steps: ['at'],
};

/**
 * Brings the timestamps of a data set written on its own day back to the moment of writing: a
 * record the generator put at 17:00 of a day that is only at 09:00 now says 09:00. min() keeps
 * every order between them (a decision before its update, a filing before its steps). A data set
 * of an earlier day has nothing to bring back; one of a later day (tests) is dated ahead on purpose.
 */
function holdToMoment(db: Database, asOf: string, now: Date): void {
  if (beijingDay(now) !== asOf) return;
  const latest = formatBeijingTime(now);
  for (const [table, columns] of Object.entries(SEED_TIMESTAMPS)) {
    for (const column of columns) {
      db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${column} > ?`).run(latest, latest);
    }
  }
}

/** Where ensureSeed says what it wrote (the database plugin passes its logger). */
export type SeedLog = (counts: Record<string, unknown>, message: string) => void;

const hasRows = (counts: object): boolean => Object.values(counts).some((n) => typeof n === 'number' && n > 0);

/**
 * Fills whatever part of the demo data set a database lacks, in order: a new database gets the
 * whole data set of `options`; one made by an older release gets the parts its newer migrations
 * added (portal pages, disclosure lists, Hetao members, accounts and promises, their fulfilment
 * checks, the credit-service links and applications, the H5 persons and reports), each dated back
 * from the data set's day or `options.asOf` as that part always was. A database that holds every
 * part is left as it is. Each part is one transaction.
 */
export function ensureSeed(db: Database, options: EnsureSeedOptions, log: SeedLog = () => {}): void {
  const { asOf, now = new Date() } = options;
  // Each part says what it wrote, and only when it wrote something.
  let wrote = false;
  const seeded: SeedLog = (counts, message) => {
    wrote = true;
    log(counts, message);
  };
  if (!isSeeded(db)) {
    const started = performance.now();
    const summary = writeSeed(db, { seed: options.seed, entities: options.entities, asOf }, now);
    seeded({ ...summary, ms: Math.round(performance.now() - started) }, 'seeded a new database');
  }
  fillParts(db, asOf, seeded);
  // Never dated after its own writing. Only rows just written can be: the rest were stamped when they were written.
  if (wrote) db.transaction(() => holdToMoment(db, asOf, now))();
}

/** The parts of newer migrations a database lacks, each dated back from `asOf` as that part always was. */
function fillParts(db: Database, asOf: string, log: SeedLog): void {
  // The region names (migration 25): all of a new data set's, and those without a district site in
  // an older one (the migration copied the others).
  const regions = db.transaction(() => writeRegions(db))();
  if (regions > 0) log({ regions }, 'filled the region names');
  // A database seeded before migration 5 gets the portal tables' data now, once.
  const portal = ensurePortalSeed(db);
  if (portal && hasRows(portal)) log({ ...portal }, 'filled the portal page tables');
  // The disclosure lists (migration 7), dated back from the day they are written.
  const disclosed = ensureDisclosureSeed(db, asOf);
  if (hasRows(disclosed)) log({ ...disclosed }, 'filled the disclosure lists');
  // 信用河套's member list (migration 9), likewise.
  const members = ensureHetaoSeed(db, asOf);
  if (members > 0) log({ members }, 'filled the Hetao member list');
  // Accounts, red and black lists, promises (migration 6), dated back from the data set's day.
  const accounts = ensureAccountSeed(db);
  if (accounts) log({ ...accounts }, 'seeded accounts, red/black lists and promises');
  // Their fulfilment checks (migration 10).
  const checked = ensureFulfilmentSeed(db);
  if (checked > 0) log({ checked }, 'filled the promise fulfilment checks');
  // 信用服务's demo links and applications (migration 11): after the demo accounts.
  const services = ensureServicesSeed(db, asOf);
  if (services) log({ ...services }, 'seeded the credit-service demo links and applications');
  // The H5 app's persons and reports (migration 12).
  const persons = ensureH5Seed(db, asOf);
  if (persons > 0) log({ persons }, 'filled the H5 persons and personal reports');
}

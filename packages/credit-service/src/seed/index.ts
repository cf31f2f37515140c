import type { Database } from 'better-sqlite3';
import type { SeedOptions } from '../db/dataset.js';
import { ensureAccountSeed, ensureFulfilmentSeed } from './account.js';
import { ensureDisclosureSeed } from './disclosure.js';
import { isSeeded, writeSeed } from './generate.js';
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
  const { asOf } = options;
  if (!isSeeded(db)) {
    const started = performance.now();
    const summary = writeSeed(db, { seed: options.seed, entities: options.entities, asOf });
    log({ ...summary, ms: Math.round(performance.now() - started) }, 'seeded a new database');
  }
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
export { lockDemoAccounts } from './lock-demo-accounts.js';

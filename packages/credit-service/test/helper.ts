import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { API_PATHS, PRIVACY_RULES_VERSION, type LoginResult } from '@credit-portal/shared';
import { buildApp, listOutbox, OUTBOX_DIR, type CreditServiceConfig } from '../src/app.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../src/demo/seed/index.js';
import { localToday } from '../src/lib/dates.js';
import { openDatabase } from '../src/db/open.js';
import { SEED_SCRYPT_PARAMS } from '../src/lib/passwords.js';

/** A fresh temporary directory; remove it with removeDir. */
export function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'credit-service-test-'));
}

export function removeDir(dir: string): Promise<void> {
  return fs.rm(dir, { recursive: true, force: true });
}

/** Small data sets keep each test file fast; the search test builds its own large one. */
export const TEST_ENTITIES = 1500;
export const TEST_SEED = 7;

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Entity search threads of the apps built here: none (searches on the main thread) unless
 * SEARCH_WORKERS says otherwise, so that `SEARCH_WORKERS=2 npx vitest run --project credit-service
 * packages/credit-service/test/entity-search` runs the search suites, unchanged, through the pool.
 */
const TEST_SEARCH_WORKERS = Number(process.env.SEARCH_WORKERS ?? 0);

/** Limits no test file reaches from its one address; test/plugins/rate-limits.test.ts sets its own. */
export const UNLIMITED = { max: 1_000_000, strictMax: 1_000_000, windowMs: 60_000 };

/** Templates being made by this worker, by key (another worker may be making the same one). */
const making = new Map<string, Promise<string>>();

/**
 * The directory of a seeded, closed database for (seed, entities, as-of day): made once per run
 * and per key (test/global-setup.ts gives the run its directory), then only copied. Two workers
 * that make the same template at once both finish; the first rename wins.
 */
function template(seed: number, seedEntities: number, seedAsOf: string): Promise<string> {
  const key = `${seed}-${seedEntities}-${seedAsOf}`;
  const target = path.join(inject('templateDir'), key);
  let made = making.get(key);
  if (!made) {
    made = (async () => {
      if (await exists(target)) return target;
      const scratch = await fs.mkdtemp(path.join(inject('templateDir'), `${key}.making-`));
      const app = await buildApp({ dataDir: scratch, seed, seedEntities, seedAsOf, demo: true });
      await app.ready();
      await app.close();
      // A copy starts its own audit trail: none of the template's files, nor its anchors of them.
      await removeDir(path.join(scratch, 'audit'));
      // …nor its open-data files: each test app writes its own day (routes/open-data).
      await removeDir(path.join(scratch, 'open-data'));
      const db = openDatabase(scratch);
      db.exec('DROP TABLE IF EXISTS audit_anchors');
      db.close();
      try {
        await fs.rename(scratch, target);
      } catch {
        // Another worker made it first: use theirs.
        await removeDir(scratch);
      }
      return target;
    })();
    making.set(key, made);
  }
  return made;
}

const exists = (file: string): Promise<boolean> =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * The scrypt cost of test builds: the seed's (N=2^14), not the service's OWASP cost (N=2^17,
 * about 0.45 s a hash here), so that the suites' hundreds of logins stay quick. The service's own
 * cost is tested on its own (account-passwords.test.ts "passwords").
 */
export const TEST_PASSWORD_HASHING = SEED_SCRYPT_PARAMS;

/**
 * Builds the service on a temp data directory holding a copy of the seeded template of its
 * (seed, entities, as-of day) — seeding happens once per run, not per test file; close() closes
 * it and removes the directory. With `dataDir` given, that directory is used as it is. The demo
 * stand-ins and the outbox page are on, as `npm start` has them on its loopback bind; the rate
 * limits are out of the way (every request of a test file comes from one address).
 */
export async function buildTestApp(config: Partial<CreditServiceConfig> = {}): Promise<TestApp> {
  let dataDir = config.dataDir;
  if (!dataDir) {
    dataDir = await tempDir();
    const seeded = await template(
      config.seed ?? TEST_SEED,
      config.seedEntities ?? TEST_ENTITIES,
      config.seedAsOf ?? localToday(),
    );
    await fs.cp(seeded, dataDir, { recursive: true });
  }
  const app = await buildApp({
    seed: TEST_SEED,
    seedEntities: TEST_ENTITIES,
    demo: true,
    outboxPage: true,
    rateLimits: UNLIMITED,
    passwordHashing: TEST_PASSWORD_HASHING,
    searchWorkers: TEST_SEARCH_WORKERS,
    ...config,
    dataDir,
  });
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await removeDir(dataDir);
    },
  };
}

/** The errorCode dialect's envelope, as most of the service's routes answer. */
export interface Answer<T> {
  ErrorCode: number;
  Data: T | null;
  Msg: string;
}

/** Logs in with a mobile number and password; the JwtToken. */
export async function loginAs(app: FastifyInstance, mobile: string, password: string): Promise<string> {
  const { body } = await injectJson<Answer<{ JwtToken: string }>>(app, {
    method: 'POST',
    url: API_PATHS.login,
    payload: { Mobile: mobile, Password: password },
  });
  if (!body.Data) throw new Error(`login answered ${body.ErrorCode}: ${body.Msg}`);
  return body.Data.JwtToken;
}

/** User A and user B, the demo accounts, logged in on the app. */
export async function demoLogins(t: TestApp): Promise<{ tokenA: string; tokenB: string }> {
  const tokenA = await loginAs(t.app, DEMO_ACCOUNT.mobile, DEMO_ACCOUNT.password);
  const tokenB = await loginAs(t.app, DEMO_ACCOUNT_B.mobile, DEMO_ACCOUNT_B.password);
  return { tokenA, tokenB };
}

/** Injects a request and parses the JSON answer. */
export async function injectJson<T = Record<string, unknown>>(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<{ status: number; body: T; raw: string }> {
  const response = await app.inject(options);
  return { status: response.statusCode, body: JSON.parse(response.body) as T, raw: response.body };
}

/** The code in the newest SMS the demo sender wrote to the outbox for a number (registration). */
export async function smsCodeFor(dataDir: string, mobile: string): Promise<string> {
  const entries = await listOutbox(path.join(dataDir, OUTBOX_DIR));
  const text = entries.find((entry) => entry.kind === 'sms' && entry.to === mobile)?.text ?? '';
  const code = /(\d{6})/.exec(text)?.[1];
  if (!code) throw new Error('no SMS code in the outbox for this number');
  return code;
}

/**
 * Registers a mobile account as a person does: asks for the SMS code, reads it from the outbox,
 * and registers with it. Resolves with the whole answer.
 */
export async function registerWithCode(
  app: FastifyInstance,
  dataDir: string,
  mobile: string,
  password: string,
): Promise<{ status: number; body: { ErrorCode: number; Data: LoginResult | null; Msg: string } }> {
  const sent = await app.inject({ method: 'POST', url: API_PATHS.registerCode, payload: { Mobile: mobile } });
  if (sent.statusCode !== 200) throw new Error(`register/code answered ${sent.statusCode}: ${sent.body}`);
  const Code = await smsCodeFor(dataDir, mobile);
  return injectJson(app, {
    method: 'POST',
    url: API_PATHS.register,
    payload: {
      Mobile: mobile,
      Password: password,
      ConfirmPassword: password,
      Code,
      PrivacyVersion: PRIVACY_RULES_VERSION,
    },
  });
}

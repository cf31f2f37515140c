import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { API_PATHS, type LoginResult } from '@credit-portal/shared';
import { buildApp, listOutbox, OUTBOX_DIR, type CreditServiceConfig } from '../src/app.js';
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
 * The scrypt cost of test builds: the seed's (N=2^14), not the service's OWASP cost (N=2^17,
 * about 0.45 s a hash here), so that the suites' hundreds of logins stay quick. The service's own
 * cost is tested on its own (account.test.ts "passwords").
 */
export const TEST_PASSWORD_HASHING = SEED_SCRYPT_PARAMS;

/**
 * Builds the service on a temp data directory; close() closes it and removes the directory. The
 * demo stand-ins and the outbox page are on, as `npm start` has them on its loopback bind.
 */
export async function buildTestApp(config: Partial<CreditServiceConfig> = {}): Promise<TestApp> {
  const dataDir = config.dataDir ?? (await tempDir());
  const app = await buildApp({
    seed: TEST_SEED,
    seedEntities: TEST_ENTITIES,
    demo: true,
    outboxPage: true,
    passwordHashing: TEST_PASSWORD_HASHING,
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
    payload: { Mobile: mobile, Password: password, ConfirmPassword: password, Code },
  });
}

import { Piscina } from 'piscina';
import { ServiceUnavailableError } from '../lib/errors.js';
import { workerExecArgv, workerModule } from '../lib/worker-threads.js';
import checkSignature, { type SignatureCheckResult, type SignatureCheckTask } from './signature-check-worker.js';

/**
 * How long one uploaded file may take, wall time and queue included. A report the service signed
 * (a few hundred KB) costs milliseconds of CPU, and a file at the 5 MiB upload limit about 0.2 s of
 * SM3; but on a busy machine the thread waits for a core: a real report took 1.2–1.4 s at a load
 * of 14 on 2 cores (1 s refused it). Past this, a file is answered without waiting for it.
 */
export const SIGNATURE_CHECK_BUDGET_MS = 5_000;

/** Files waiting for the thread beyond this are refused at once (uploads are rate limited besides). */
const QUEUE_LIMIT = 16;

export const SIGNATURE_CHECK_MESSAGES = {
  overBudget: '该文件无法在限定时间内完成核验，请上传信用中心签发的原始PDF报告',
  busy: '报告核验繁忙，请稍后再试',
} as const;

export interface SignatureCheckerOptions {
  /** Worker threads; 0 checks on the calling thread, without a budget (tests, one-off tools). */
  threads: number;
  budgetMs?: number;
  /** The worker module; default signature-check-worker (tests give a slow one). */
  workerFile?: string;
}

export interface SignatureChecker {
  /** The file's signature block read and its signature checked; a ServiceError past the budget or queue. */
  check(task: SignatureCheckTask): Promise<SignatureCheckResult>;
  close(): Promise<void>;
}

/** Checks on the calling thread, without a budget. */
export const sameThreadChecker: SignatureChecker = {
  check: async (task) => checkSignature(task),
  close: async () => {},
};

/** Answered for a file that overran the budget: the client's bytes, so a 400 like a broken file's. */
export class SignatureCheckOverBudgetError extends Error {
  constructor() {
    super(SIGNATURE_CHECK_MESSAGES.overBudget);
  }
}

/**
 * Checks uploaded reports' signatures on a thread of their own (piscina), each within a time
 * budget: a file that overruns it has its thread terminated (piscina ends a running task's worker
 * when its signal aborts) and a new one takes the next file, so no upload holds the service's event
 * loop or the checks behind it for longer than the budget.
 */
export async function createSignatureChecker(options: SignatureCheckerOptions): Promise<SignatureChecker> {
  if (options.threads === 0) return sameThreadChecker;
  const budgetMs = options.budgetMs ?? SIGNATURE_CHECK_BUDGET_MS;
  const pool = new Piscina<SignatureCheckTask, SignatureCheckResult>({
    filename: options.workerFile ?? workerModule('./signature-check-worker', import.meta.url),
    minThreads: options.threads,
    maxThreads: options.threads,
    concurrentTasksPerWorker: 1,
    maxQueue: QUEUE_LIMIT,
    execArgv: workerExecArgv(),
  });
  // The threads load their code now, so that the first upload's budget is not spent starting one.
  await Promise.all(
    Array.from({ length: options.threads }, () =>
      pool.run({ file: Buffer.from('%PDF-'), publicKeys: {} } satisfies SignatureCheckTask),
    ),
  );
  return {
    async check(task) {
      const signal = AbortSignal.timeout(budgetMs);
      try {
        return await pool.run(task, { signal });
      } catch (error) {
        if (signal.aborted) throw new SignatureCheckOverBudgetError();
        if (error instanceof Error && error.message === 'Task queue is at limit') {
          throw new ServiceUnavailableError(SIGNATURE_CHECK_MESSAGES.busy);
        }
        throw error;
      }
    },
    close: () => pool.close(),
  };
}

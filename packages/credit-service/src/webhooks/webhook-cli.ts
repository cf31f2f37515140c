import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Database } from 'better-sqlite3';
import { OPEN_DATASET_IDS } from '@credit-portal/shared';
import { WEBHOOK_ALGORITHMS, type WebhookAlgorithm } from './signature.js';
import { createWebhookRepository } from './subscribers.js';
import { targetProblem } from './targets.js';

export const WEBHOOK_USAGE = `Usage: node dist/webhooks/cli.js [--data-dir D] add --name <name> --url <https://…> [--secret-file F] [--datasets ${OPEN_DATASET_IDS.join(',')}] [--algorithm sha256|sm3]
       node dist/webhooks/cli.js [--data-dir D] list
       node dist/webhooks/cli.js [--data-dir D] remove <name>
       node dist/webhooks/cli.js [--data-dir D] dead-letter list [--name <name>]
       node dist/webhooks/cli.js [--data-dir D] dead-letter replay <name> [--seq N]

Signed webhooks: each change to the open datasets (/open/v1/changes) POSTed to the reusers the centre registers.
  add          registers a reuser: it gets the changes from now on, of its datasets (default: all).
               The HMAC secret is read from --secret-file (at least 16 characters), or made and
               printed once. --algorithm: HMAC-SHA256 (sha256, default) or HMAC-SM3 (sm3).
               Only http(s) URLs; loopback and private addresses only with WEBHOOK_ALLOW_PRIVATE_TARGETS=on.
  list         every reuser: name, URL, datasets, algorithm, deliveries pending / delivered / dead
  remove       nothing more is sent to it
  dead-letter  the deliveries given up after the retry window (24 h); replay queues them again
               (all of the reuser's, or one by --seq) with a new window
  --data-dir   data directory (default: $DATA_DIR, else ./data)`;

const NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,63}$/;
const SECRET_MIN = 16;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Parses the arguments (data directory first, so the caller can open the database). */
export function parseWebhookArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      'data-dir': { type: 'string' },
      name: { type: 'string' },
      url: { type: 'string' },
      'secret-file': { type: 'string' },
      datasets: { type: 'string' },
      algorithm: { type: 'string' },
      seq: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
}

export interface WebhookCliOptions {
  /** The secrets' sealing key (secrets.ts, of the data directory). */
  key: Buffer;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  allowPrivate: boolean;
}

/** Runs one command; the exit status. Secrets are printed only when made here, once. */
export function runWebhookCommand(
  db: Database,
  argv: readonly string[],
  io: CliOutput,
  options: WebhookCliOptions,
): number {
  let parsed: ReturnType<typeof parseWebhookArgs>;
  try {
    parsed = parseWebhookArgs(argv);
  } catch (error) {
    io.err(`webhook: ${(error as Error).message}\n\n${WEBHOOK_USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  const [command, sub, target] = positionals;
  if (values.help || command === undefined) {
    io.out(WEBHOOK_USAGE);
    return values.help ? 0 : 1;
  }
  const repo = createWebhookRepository(db, options.key);
  const fail = (message: string): number => {
    io.err(`webhook: ${message}`);
    return 1;
  };

  switch (command) {
    case 'add': {
      const name = values.name ?? '';
      if (!NAME_PATTERN.test(name)) return fail('--name: 2–64 lower-case letters, digits, . _ -');
      if (repo.byName(name)) return fail(`a reuser named ${name} exists`);
      const url = values.url ?? '';
      const problem = targetProblem(url, options.allowPrivate);
      if (problem) return fail(`--url: ${problem}`);
      const algorithm = (values.algorithm ?? 'sha256') as WebhookAlgorithm;
      if (!WEBHOOK_ALGORITHMS.includes(algorithm)) return fail('--algorithm: sha256 or sm3');
      const datasets = values.datasets ? values.datasets.split(',').map((d) => d.trim()) : [...OPEN_DATASET_IDS];
      const unknown = datasets.filter((d) => !(OPEN_DATASET_IDS as readonly string[]).includes(d));
      if (datasets.length === 0 || unknown.length > 0) {
        return fail(`--datasets: unknown ${unknown.join(',')} (one or more of ${OPEN_DATASET_IDS.join(',')})`);
      }
      let secret: string;
      let made = false;
      if (values['secret-file']) {
        try {
          secret = fs.readFileSync(values['secret-file'], 'utf8').replace(/\r?\n$/, '');
        } catch (error) {
          return fail(`--secret-file: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
        }
        if (secret.length < SECRET_MIN)
          return fail(`--secret-file: the secret must have at least ${SECRET_MIN} characters`);
      } else {
        secret = randomBytes(32).toString('base64url');
        made = true;
      }
      const added = repo.add({ name, url, secret, algorithm, datasets });
      io.out(`added ${added.name} (${added.algorithm}) → ${added.url}, datasets ${added.datasets.join(',')}`);
      if (made) io.out(`secret (shown once; give it to the reuser by a safe channel): ${secret}`);
      return 0;
    }
    case 'list': {
      for (const s of repo.summaries()) {
        io.out(
          `${s.name}\t${s.url}\t${s.datasets.join(',')}\t${s.algorithm}\tpending ${s.pending}\tdelivered ${s.delivered}\tdead ${s.dead}\t${s.createdAt}`,
        );
      }
      return 0;
    }
    case 'remove': {
      if (!sub) return fail('remove <name>');
      return repo.remove(sub) ? (io.out(`removed ${sub}`), 0) : fail(`no reuser named ${sub}`);
    }
    case 'dead-letter': {
      if (sub === 'list') {
        for (const d of repo.deadLetters(values.name ?? null)) {
          io.out(
            `${d.subscriber}\tseq ${d.seq}\t${d.eventId}\t${d.dataset}/${d.recordId}\t${d.kind}\tattempts ${d.attempts}\t${d.lastStatus ?? '-'}\t${d.lastError ?? ''}\t${d.finishedAt}`,
          );
        }
        return 0;
      }
      if (sub === 'replay') {
        const subscriber = target ? repo.byName(target) : null;
        if (!subscriber) return fail(`dead-letter replay <name>: no reuser named ${target ?? ''}`);
        const seq = values.seq === undefined ? null : Number(values.seq);
        if (seq !== null && !Number.isSafeInteger(seq)) return fail('--seq: a number');
        const count = repo.replay(subscriber.id, seq, Date.now());
        io.out(`queued again: ${count}`);
        return 0;
      }
      return fail('dead-letter list | replay <name>');
    }
    default:
      return fail(`unknown command ${command}\n\n${WEBHOOK_USAGE}`);
  }
}

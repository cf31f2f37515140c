import {
  anchorText,
  dayBefore,
  GENESIS,
  headText,
  localDay,
  openRecord,
  parseSeriesFile,
  sealRecord,
  seriesFile,
  seriesName,
  type AuditDigests,
  type AuditHead,
} from './audit-chain.js';
import { AUDIT_STREAMS, streamOf, type AuditEntry, type AuditRecord, type AuditStream } from './audit-events.js';
import type { ExternalAnchor } from './audit-verify.js';

/*
 * The append-only, hash-chained writer of one service (docs/AUDIT.md), the same for both
 * services and their command lines. Its file I/O is an AuditStorage (node-storage.ts on disk;
 * the credit-service wraps it to time each append).
 *
 * Group commit: write() seals nothing at once; it queues the entry and a flush a moment later
 * seals everything queued (seq, prev, hash), appends it in one write and makes it durable
 * (fdatasync) before any caller's promise resolves. The flush runs on the thread pool, never on
 * the event loop; while one flush is in flight the next batch gathers. A failed append is cut back
 * (truncate to the last good size) and every caller of that batch is told: no half record stays in
 * a file, and the chain goes on from the last good record.
 *
 * With a record key every record carries a MAC, and once a batch is durable the chain's new head
 * (seq, hash, MAC'd) is handed to the head store, which keeps it outside the audit files: the
 * MACs stop a record being rewritten or appended, the kept head stops the end being cut.
 */

/** The directory the writer appends to, as the service provides it. */
export interface AuditStorage {
  /** The names of the directory's files. */
  list(): Promise<string[]>;
  read(name: string): Promise<string>;
  /** Appends text to a file (created when missing) and makes it durable (fdatasync) before resolving. */
  append(name: string, text: string): Promise<void>;
  /** Cuts a file back to `size` bytes (undoing a failed append). */
  truncate(name: string, size: number): Promise<void>;
  /** A file's size in bytes (0 when missing). */
  size(name: string): Promise<number>;
  remove(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Where the writer keeps each chain's head, outside the audit files (a database, a file beside AUDIT_DIR). */
export interface AuditHeadStore {
  /** Replaces the series' head; a failure fails the batch (its records are cut back). */
  keep(head: AuditHead): void | Promise<void>;
}

export interface AuditWriterOptions {
  /** Which writer: `credit-service`, `gateway`, `review-cli` (the files' first name part). */
  service: string;
  storage: AuditStorage;
  digests: AuditDigests;
  /** The streams this writer keeps (default both). */
  streams?: readonly AuditStream[];
  /** The clock (tests move it across midnight). */
  now?: () => Date;
  /** Called with each anchor once it is durable (the credit-service also keeps it in its database). */
  onAnchor?: (anchor: ExternalAnchor & { time: string; reason: string }) => void;
  /** Keeps each chain's head once a batch is durable (only with a record key). */
  heads?: AuditHeadStore;
}

/** Why a chain head was anchored. */
export type AnchorReason = 'interval' | 'rotation' | 'start' | 'close' | 'prune';

interface Pending {
  entry: AuditEntry;
  time: Date;
  /** An anchor: its details are computed when it is sealed (it fixes the head before it). */
  anchor?: AnchorReason;
  resolve(): void;
  reject(error: Error): void;
}

interface Chain {
  stream: AuditStream;
  series: string;
  /** The file being appended to, and its day. */
  file: string | null;
  day: string | null;
  seq: number;
  hash: string;
  /** The seq of the last anchor written. */
  anchoredSeq: number;
  queue: Pending[];
  flushing: Promise<void> | null;
  scheduled: boolean;
}

/** Thrown to the callers of a batch that could not be made durable. */
export class AuditWriteError extends Error {
  override readonly name = 'AuditWriteError';
}

const SYSTEM = { actor: 'system', subject: null, ip: null, requestId: null } as const;

/** The last sealed record of a file's text, and the line number and length of a torn last line. */
function tailOf(
  text: string,
  digests: AuditDigests,
): { last: AuditRecord | null; torn: { line: number; bytes: number } | null; terminated: boolean } {
  const terminated = text === '' || text.endsWith('\n');
  const lines = text.split('\n');
  if (terminated) lines.pop();
  let torn: { line: number; bytes: number } | null = null;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const opened = openRecord(lines[i]!, digests);
    if (opened) return { last: opened.record, torn, terminated };
    // Only an unterminated last line is a crash's torn write; any other bad line is the verifier's to report.
    if (i === lines.length - 1 && !terminated) torn = { line: i + 1, bytes: lines[i]!.length };
  }
  return { last: null, torn, terminated };
}

export class AuditWriter {
  readonly service: string;
  readonly #storage: AuditStorage;
  readonly #digests: AuditDigests;
  readonly #now: () => Date;
  readonly #onAnchor: AuditWriterOptions['onAnchor'];
  readonly #heads: AuditHeadStore | undefined;
  readonly #chains = new Map<AuditStream, Chain>();
  #healthy = true;
  #closed = false;

  private constructor(options: AuditWriterOptions) {
    this.service = options.service;
    this.#storage = options.storage;
    this.#digests = options.digests;
    this.#now = options.now ?? (() => new Date());
    this.#onAnchor = options.onAnchor;
    this.#heads = options.heads;
  }

  /**
   * Opens the writer: each stream's chain continues from the last sealed record of its newest
   * file. A torn last line (a crash in the middle of a write) is closed with a newline and
   * followed by an audit.recovered record naming it, so the verifier can tell it from tampering.
   */
  static async open(options: AuditWriterOptions): Promise<AuditWriter> {
    const writer = new AuditWriter(options);
    const names = await options.storage.list();
    for (const stream of options.streams ?? AUDIT_STREAMS) {
      const series = seriesName(options.service, stream);
      const chain: Chain = {
        stream,
        series,
        file: null,
        day: null,
        seq: 0,
        hash: GENESIS,
        anchoredSeq: 0,
        queue: [],
        flushing: null,
        scheduled: false,
      };
      writer.#chains.set(stream, chain);
      const files = names
        .map((name) => ({ name, parsed: parseSeriesFile(name) }))
        .filter((f) => f.parsed?.series === series)
        .sort((a, b) => a.parsed!.day.localeCompare(b.parsed!.day));
      let newest: ReturnType<typeof tailOf> | null = null;
      for (let i = files.length - 1; i >= 0; i -= 1) {
        const { name, parsed } = files[i]!;
        const tail = tailOf(await options.storage.read(name), options.digests);
        if (i === files.length - 1) {
          chain.file = name;
          chain.day = parsed!.day;
          newest = tail;
        }
        if (tail.last) {
          chain.seq = tail.last.seq;
          chain.hash = tail.last.hash;
          chain.anchoredSeq = tail.last.event === 'audit.anchor' ? tail.last.seq : 0;
          break;
        }
      }
      if (newest && !newest.terminated) await options.storage.append(chain.file!, '\n');
      if (newest?.torn) {
        // Written into the torn file itself, right after the torn line.
        await writer.#writeNow(chain, chain.file!, {
          event: 'audit.recovered',
          result: 'success',
          reason: 'torn_line_after_crash',
          ...SYSTEM,
          details: { file: chain.file, line: newest.torn.line, bytes: newest.torn.bytes },
        });
      }
    }
    return writer;
  }

  /** False after a batch failed to be made durable, until one succeeds again. */
  get healthy(): boolean {
    return this.#healthy;
  }

  /** The head of a stream's chain (seq 0 before its first record). */
  head(stream: AuditStream): { seq: number; hash: string } {
    const chain = this.#chains.get(stream)!;
    return { seq: chain.seq, hash: chain.hash };
  }

  /**
   * Queues a record; resolves once it is durable, rejects (AuditWriteError) when it could not be
   * written. The record's place in the chain is the order of the calls.
   */
  write(entry: AuditEntry): Promise<void> {
    return this.#enqueue(streamOf(entry.event), entry);
  }

  /**
   * Anchors the head of each stream that moved since its last anchor (MAC'd; also handed to
   * onAnchor); `force` anchors every stream (a probe of whether the files take records again).
   */
  async anchor(reason: AnchorReason, force = false): Promise<void> {
    const moves = [...this.#chains.values()].filter((c) => force || c.seq > c.anchoredSeq || c.queue.length > 0);
    await Promise.all(moves.map((chain) => this.#enqueueAnchor(chain, reason)));
  }

  /**
   * Deletes the whole files of each stream older than its retention (days), never the current
   * one. First an audit.pruned record names them and the last hash they hold (the first kept
   * record's prev), so that the chain still verifies from where it now starts.
   */
  async prune(retentionDays: Readonly<Record<AuditStream, number>>): Promise<string[]> {
    const names = await this.#storage.list();
    const removed: string[] = [];
    const today = localDay(this.#now());
    for (const chain of this.#chains.values()) {
      const cutoff = dayBefore(today, retentionDays[chain.stream]);
      const expired = names
        .map((name) => ({ name, parsed: parseSeriesFile(name) }))
        .filter((f) => f.parsed?.series === chain.series && f.parsed!.day < cutoff && f.name !== chain.file)
        .sort((a, b) => a.parsed!.day.localeCompare(b.parsed!.day));
      if (expired.length === 0) continue;
      const last = tailOf(await this.#storage.read(expired.at(-1)!.name), this.#digests).last;
      await this.#enqueue(chain.stream, {
        event: 'audit.pruned',
        result: 'success',
        reason: null,
        ...SYSTEM,
        details: {
          files: expired.map((f) => f.name),
          before: cutoff,
          retentionDays: retentionDays[chain.stream],
          continuesFrom: last?.hash ?? null,
          continuesFromSeq: last?.seq ?? null,
        },
      });
      for (const { name } of expired) {
        await this.#storage.remove(name);
        removed.push(name);
      }
      await this.#enqueueAnchor(chain, 'prune');
    }
    return removed;
  }

  /**
   * The records of a stream from `sinceDay` on that pass `keep`, oldest first (after what is
   * queued now is written). Reads the files: meant for a page that shows one application's history.
   */
  async records(stream: AuditStream, sinceDay: string, keep: (record: AuditRecord) => boolean): Promise<AuditRecord[]> {
    const chain = this.#chains.get(stream);
    if (chain) await this.#idle(chain);
    return readAuditRecords(this.#storage, [seriesName(this.service, stream)], sinceDay, keep);
  }

  /** Resolves once everything queued so far has been written (or has failed). */
  async flushed(): Promise<void> {
    for (const chain of this.#chains.values()) await this.#idle(chain);
  }

  /** Anchors every moved head, writes what is queued and closes the files. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.anchor('close').catch(() => undefined);
    for (const chain of this.#chains.values()) await this.#idle(chain);
    this.#closed = true;
    await this.#storage.close();
  }

  async #idle(chain: Chain): Promise<void> {
    while (chain.flushing || chain.queue.length > 0 || chain.scheduled) {
      if (chain.flushing) await chain.flushing;
      else await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  #enqueue(stream: AuditStream, entry: AuditEntry, anchor?: AnchorReason): Promise<void> {
    const chain = this.#chains.get(stream);
    if (!chain) return Promise.reject(new AuditWriteError(`${this.service} keeps no ${stream} stream`));
    if (this.#closed) return Promise.reject(new AuditWriteError('the audit writer is closed'));
    return new Promise<void>((resolve, reject) => {
      chain.queue.push({ entry, time: this.#now(), anchor, resolve, reject });
      if (!chain.flushing && !chain.scheduled) {
        chain.scheduled = true;
        setTimeout(() => this.#flush(chain), 0);
      }
    });
  }

  #enqueueAnchor(chain: Chain, reason: AnchorReason): Promise<void> {
    return this.#enqueue(chain.stream, anchorEntry(reason), reason);
  }

  /** Writes one record at once (the writer's own start-up records, before anything is queued). */
  async #writeNow(chain: Chain, file: string, entry: AuditEntry): Promise<void> {
    const { line, record } = this.#seal(chain, { entry, time: this.#now(), resolve: () => {}, reject: () => {} });
    await this.#storage.append(file, `${line}\n`);
    await this.#keepHead(chain, record);
    chain.seq = record.seq;
    chain.hash = record.hash;
  }

  /** Hands a durable head to the head store. */
  async #keepHead(chain: Chain, head: { seq: number; hash: string }): Promise<void> {
    const mac = this.#digests.recordMac;
    if (!this.#heads || !mac) return;
    await this.#heads.keep({
      series: chain.series,
      seq: head.seq,
      hash: head.hash,
      mac: mac(headText(chain.series, head.seq, head.hash)),
    });
  }

  /** Seals a pending entry onto the chain's current head (without moving the head). */
  #seal(chain: Chain, pending: Pending, head = { seq: chain.seq, hash: chain.hash }) {
    const details = pending.anchor
      ? {
          reason: pending.anchor,
          headSeq: head.seq,
          headHash: head.hash,
          ...(this.#digests.anchorMac
            ? { mac: this.#digests.anchorMac(anchorText(chain.series, head.seq, head.hash)) }
            : {}),
        }
      : (pending.entry.details ?? {});
    const unsealed: Omit<AuditRecord, 'hash' | 'mac'> = {
      v: this.#digests.recordMac ? 2 : 1,
      seq: head.seq + 1,
      time: pending.time.toISOString(),
      service: this.service,
      stream: chain.stream,
      event: pending.entry.event,
      result: pending.entry.result,
      reason: pending.entry.reason,
      actor: pending.entry.actor,
      subject: pending.entry.subject,
      ip: pending.entry.ip,
      requestId: pending.entry.requestId,
      details,
      prev: head.hash,
    };
    const { line, hash, mac } = sealRecord(unsealed, this.#digests);
    return { line, record: { ...unsealed, hash, ...(mac ? { mac } : {}) } as AuditRecord };
  }

  async #flush(chain: Chain): Promise<void> {
    chain.scheduled = false;
    const batch = chain.queue.splice(0);
    if (batch.length === 0) return;
    let done!: () => void;
    chain.flushing = new Promise<void>((resolve) => (done = resolve));
    const before = { file: chain.file, day: chain.day, seq: chain.seq, hash: chain.hash };
    const writes = new Map<string, string[]>();
    const sizes = new Map<string, number>();
    const anchors: (ExternalAnchor & { time: string; reason: string })[] = [];
    let head = { seq: chain.seq, hash: chain.hash };
    let { file, day, anchoredSeq } = chain;
    const push = (pending: Pending) => {
      const { line, record } = this.#seal(chain, pending, head);
      const lines = writes.get(file!) ?? [];
      lines.push(line);
      writes.set(file!, lines);
      if (pending.anchor) {
        anchors.push({
          series: chain.series,
          seq: head.seq,
          hash: head.hash,
          time: record.time,
          reason: pending.anchor,
        });
        anchoredSeq = record.seq;
      }
      head = { seq: record.seq, hash: record.hash };
    };
    try {
      for (const pending of batch) {
        const recordDay = localDay(pending.time);
        if (recordDay !== day) {
          // Daily rotation: the new file opens with an anchor of the head the old one ended on.
          const rotated = file !== null && head.seq > 0;
          file = seriesFile(chain.series, recordDay);
          day = recordDay;
          if (rotated && !pending.anchor) {
            push({ entry: anchorEntry('rotation'), time: pending.time, anchor: 'rotation', resolve() {}, reject() {} });
          }
        }
        push(pending);
      }
      for (const [name, lines] of writes) {
        sizes.set(name, await this.#storage.size(name));
        await this.#storage.append(name, `${lines.join('\n')}\n`);
      }
      // Kept before any caller is answered: a record a client was told of cannot be cut unseen.
      await this.#keepHead(chain, head);
      chain.file = file;
      chain.day = day;
      chain.seq = head.seq;
      chain.hash = head.hash;
      chain.anchoredSeq = anchoredSeq;
      this.#healthy = true;
      for (const anchor of anchors) this.#onAnchor?.(anchor);
      for (const pending of batch) pending.resolve();
    } catch (cause) {
      // Nothing half-written stays: each file goes back to its size before this batch.
      for (const [name, size] of sizes) await this.#storage.truncate(name, size).catch(() => undefined);
      Object.assign(chain, before);
      this.#healthy = false;
      const error = new AuditWriteError(`audit records not written: ${(cause as Error).message}`);
      for (const pending of batch) pending.reject(error);
    } finally {
      chain.flushing = null;
      done();
      if (chain.queue.length > 0 && !chain.scheduled) {
        chain.scheduled = true;
        setTimeout(() => this.#flush(chain), 0);
      }
    }
  }
}

const anchorEntry = (reason: AnchorReason): AuditEntry => ({
  event: 'audit.anchor',
  result: 'success',
  reason,
  ...SYSTEM,
});

/** The records of some series from `sinceDay` on that pass `keep`, oldest first; unreadable lines are skipped. */
export async function readAuditRecords(
  storage: Pick<AuditStorage, 'list' | 'read'>,
  series: readonly string[],
  sinceDay: string,
  keep: (record: AuditRecord) => boolean,
): Promise<AuditRecord[]> {
  const out: AuditRecord[] = [];
  for (const { name } of await seriesFiles(storage, series, sinceDay)) {
    out.push(...keptRecords(await storage.read(name), keep));
  }
  return out.sort((a, b) => a.time.localeCompare(b.time));
}

/** The day files of these series from `sinceDay` on, with their days (in the storage's order). */
export async function seriesFiles(
  storage: Pick<AuditStorage, 'list'>,
  series: readonly string[],
  sinceDay: string,
): Promise<{ name: string; day: string }[]> {
  return (await storage.list()).flatMap((name) => {
    const parsed = parseSeriesFile(name);
    return parsed && series.includes(parsed.series) && parsed.day >= sinceDay ? [{ name, day: parsed.day }] : [];
  });
}

/** The records of one file's text that pass `keep`, in the file's order; a torn line is skipped (the verifier reports it). */
export function keptRecords(text: string, keep: (record: AuditRecord) => boolean): AuditRecord[] {
  const out: AuditRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const record = JSON.parse(line) as AuditRecord;
      if (keep(record)) out.push(record);
    } catch {
      // a torn line
    }
  }
  return out;
}

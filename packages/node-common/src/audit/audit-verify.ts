import {
  anchorText,
  GENESIS,
  headText,
  openRecord,
  parseSeriesFile,
  type AuditDigests,
  type AuditHead,
} from './audit-chain.js';
import type { AuditRecord } from './audit-events.js';

/*
 * `audit verify`: checks the chains of a directory's audit files (or of one file) and names the
 * first broken link of each — an altered record (its hash no longer matches), a deleted,
 * inserted or reordered one (its `prev` or `seq` no longer follows), a wrong anchor MAC (the
 * chain before it was rewritten), a cut end (an anchor kept outside the files names a record the
 * files no longer hold) — and says plainly when the last line of a chain is torn (a crash in the
 * middle of a write). With the audit key it checks every keyed record's MAC (a record rewritten or
 * appended without the key) and the chain's end against the head its writer kept outside the
 * files (a cut end, even after the last anchor).
 */

/** An audit file's name and text. */
export interface AuditFileText {
  name: string;
  text: string;
}

/** An anchor kept outside the files (the credit-service's database). */
export interface ExternalAnchor {
  series: string;
  seq: number;
  hash: string;
}

export interface VerifyOptions {
  /** Anchors kept elsewhere, each of which must name a record the files hold. */
  anchors?: readonly ExternalAnchor[];
  /** One file checked on its own: its first record's link to the file before it is not checked. */
  single?: boolean;
  /**
   * The heads the writers kept outside the files, and the writers (`credit-service`, …) that keep
   * one there: a chain of theirs holding keyed records must end at or after its head.
   */
  heads?: { list: readonly AuditHead[]; writers: readonly string[] };
}

/** Where a chain broke. */
export interface AuditProblem {
  file: string;
  /** 1-based line in the file. */
  line: number;
  seq: number | null;
  message: string;
}

export interface SeriesReport {
  series: string;
  files: string[];
  records: number;
  lastSeq: number;
  /** Anchors whose MAC was checked (in the files) or that were found (outside). */
  anchorsChecked: number;
  /** Records whose MAC was checked. */
  macsChecked: number;
  /** ok; broken: a link is broken; truncated: all links hold but the last line is torn. */
  status: 'ok' | 'broken' | 'truncated';
  problem: AuditProblem | null;
  notes: string[];
}

export interface VerifyReport {
  ok: boolean;
  series: SeriesReport[];
}

interface Line {
  file: string;
  line: number;
  text: string;
  /** The last line of the last file, without a newline after it. */
  unterminated: boolean;
}

function linesOf(files: readonly AuditFileText[]): Line[] {
  const out: Line[] = [];
  files.forEach((file, index) => {
    const parts = file.text.split('\n');
    const terminated = parts.at(-1) === '';
    if (terminated) parts.pop();
    parts.forEach((text, i) => {
      out.push({
        file: file.name,
        line: i + 1,
        text,
        unterminated: !terminated && i === parts.length - 1 && index === files.length - 1,
      });
    });
  });
  return out;
}

function verifySeries(
  series: string,
  files: readonly AuditFileText[],
  digests: AuditDigests,
  options: VerifyOptions,
): SeriesReport {
  const report: SeriesReport = {
    series,
    files: files.map((f) => f.name),
    records: 0,
    lastSeq: 0,
    anchorsChecked: 0,
    macsChecked: 0,
    status: 'ok',
    problem: null,
    notes: [],
  };
  const broken = (at: Line, seq: number | null, message: string): SeriesReport => {
    report.status = 'broken';
    report.problem = { file: at.file, line: at.line, seq, message };
    return report;
  };
  const lines = linesOf(files);
  const external = (options.anchors ?? []).filter((a) => a.series === series);
  const wanted = new Map(external.map((a) => [a.seq, a.hash]));
  const seen = new Map<number, string>();
  const head = options.single ? undefined : options.heads?.list.find((h) => h.series === series);
  let headAt: { hash: string; at: Line } | null = null;
  let keyed = 0;
  let prev: string | null = null;
  let seq = 0;
  let start: { prev: string; seq: number; at: Line } | null = null;
  const prunedFrom = new Set<string>();
  let torn: Line | null = null;

  for (const [index, at] of lines.entries()) {
    const opened = openRecord(at.text, digests);
    if (!opened) {
      if (at.unterminated) {
        torn = at;
        break;
      }
      // A torn line the writer found at its start and closed: the next record says so.
      const next = lines[index + 1] ? openRecord(lines[index + 1]!.text, digests) : null;
      const recovered = next?.record.event === 'audit.recovered' ? next.record.details : null;
      if (recovered && recovered.file === at.file && recovered.line === at.line) {
        report.notes.push(
          `${at.file}:${at.line}: torn line of a crash, recovered by the writer at seq ${next!.record.seq}`,
        );
        continue;
      }
      return broken(at, null, at.text.trim() ? 'not a sealed audit record (altered or foreign line)' : 'empty line');
    }
    const { record, intact, macOk } = opened;
    if (!intact) return broken(at, record.seq, 'record altered: its hash does not match its content');
    if (record.v === 2) keyed += 1;
    else if (keyed > 0) {
      return broken(
        at,
        record.seq,
        'record without a MAC after the chain’s keyed records: appended or rewritten by someone without the audit key',
      );
    }
    if (macOk === false) {
      return broken(
        at,
        record.seq,
        'record MAC does not match: the record was rewritten or forged, or the audit key is not the one it was written with',
      );
    }
    if (macOk) report.macsChecked += 1;
    if (`${record.service}.${record.stream}` !== series) {
      return broken(at, record.seq, `record of series ${record.service}.${record.stream} in a file of ${series}`);
    }
    if (prev === null) {
      if (record.prev !== GENESIS) start = { prev: record.prev, seq: record.seq, at };
    } else if (record.prev !== prev) {
      return broken(
        at,
        record.seq,
        `link broken: prev does not match the hash of the record before it (seq ${seq}) — a record was deleted, inserted or reordered here`,
      );
    } else if (record.seq !== seq + 1) {
      return broken(at, record.seq, `sequence broken: seq ${record.seq} follows seq ${seq}`);
    }
    const anchorProblem = checkAnchor(series, record, digests);
    if (anchorProblem) return broken(at, record.seq, anchorProblem);
    if (record.event === 'audit.anchor' && digests.anchorMac) report.anchorsChecked += 1;
    if (record.event === 'audit.pruned' && typeof record.details.continuesFrom === 'string') {
      prunedFrom.add(`${record.details.continuesFromSeq}|${record.details.continuesFrom}`);
    }
    if (wanted.has(record.seq)) seen.set(record.seq, record.hash);
    if (head?.seq === record.seq) headAt = { hash: record.hash, at };
    prev = record.hash;
    seq = record.seq;
    report.records += 1;
  }
  report.lastSeq = seq;

  if (start && !options.single && !prunedFrom.has(`${start.seq - 1}|${start.prev}`)) {
    return broken(
      start.at,
      start.seq,
      'chain start missing: the first record follows a record that is not here, and no audit.pruned record accounts for it (files deleted at the start?)',
    );
  }
  if (start && options.single) report.notes.push(`file checked alone: it continues a chain at seq ${start.seq - 1}`);
  for (const anchor of external) {
    const found = seen.get(anchor.seq);
    const last = lines.at(-1);
    const at = last ?? { file: series, line: 0, text: '', unterminated: false };
    if (found === undefined) {
      if (anchor.seq > seq) {
        return broken(
          at,
          anchor.seq,
          `end cut: an anchor outside the files names seq ${anchor.seq}, the files end at seq ${seq}`,
        );
      }
      // Pruned: older than the first record kept.
      continue;
    }
    if (found !== anchor.hash) {
      return broken(at, anchor.seq, `anchor mismatch: the record at seq ${anchor.seq} is not the one anchored`);
    }
    report.anchorsChecked += 1;
  }
  const headProblem = checkHead(series, head, headAt, seq, keyed, digests, options);
  if (headProblem) {
    const last = lines.at(-1) ?? { file: series, line: 0, text: '', unterminated: false };
    // A cut end is named where its first missing record would be.
    const at = headProblem.cut ? { ...last, line: last.line + 1 } : last;
    return broken(at, headProblem.seq, headProblem.message);
  }
  if (head && seq > head.seq) {
    report.notes.push(
      `${seq - head.seq} record(s) after the head kept outside the files (seq ${head.seq}): written as the writer stopped`,
    );
  }
  if (keyed > 0 && !digests.recordMac) report.notes.push('no audit key: the records’ MACs were not checked');
  if (torn) {
    report.status = 'truncated';
    report.problem = {
      file: torn.file,
      line: torn.line,
      seq: seq + 1,
      message: `truncated last line (${torn.text.length} bytes, no newline): the writer stopped in the middle of a record — a crash; the ${report.records} records before it verify`,
    };
  }
  return report;
}

/**
 * Where a chain ends against the head its writer kept outside the files: the record it names must
 * be there, unchanged. A missing head is a problem only for a writer that keeps one and a chain it
 * wrote keyed records to (a chain from before MACs has none yet).
 */
function checkHead(
  series: string,
  head: AuditHead | undefined,
  headAt: { hash: string; at: Line } | null,
  lastSeq: number,
  keyed: number,
  digests: AuditDigests,
  options: VerifyOptions,
): { seq: number | null; message: string; cut?: boolean } | null {
  if (!options.heads || options.single) return null;
  if (!head) {
    if (keyed === 0 || !options.heads.writers.includes(series.split('.')[0]!)) return null;
    return {
      seq: null,
      message:
        'no head kept outside the files for this chain of keyed records: its end cannot be checked (the head store lost or reset?)',
    };
  }
  if (digests.recordMac && head.mac !== digests.recordMac(headText(series, head.seq, head.hash))) {
    return {
      seq: head.seq,
      message:
        'the head kept outside the files does not match its MAC: forged, or the audit key is not the one it was written with',
    };
  }
  if (headAt === null) {
    if (head.seq <= lastSeq) return null;
    return {
      seq: lastSeq + 1,
      cut: true,
      message: `end cut: the chain’s head kept outside the files is seq ${head.seq}, the files end at seq ${lastSeq} — records from seq ${lastSeq + 1} on were deleted`,
    };
  }
  if (headAt.hash !== head.hash) {
    return {
      seq: head.seq,
      message: `end rewritten: the record at seq ${head.seq} (${headAt.at.file}:${headAt.at.line}) is not the one its writer last wrote`,
    };
  }
  return null;
}

/** An anchor record's problem (a MAC that does not match, a head it does not follow), or null. */
function checkAnchor(series: string, record: AuditRecord, digests: AuditDigests): string | null {
  if (record.event !== 'audit.anchor') return null;
  const { headSeq, headHash, mac } = record.details as { headSeq?: unknown; headHash?: unknown; mac?: unknown };
  if (headSeq !== record.seq - 1 || headHash !== record.prev) {
    return 'anchor does not fix the record before it';
  }
  if (!digests.anchorMac) return null;
  if (typeof mac !== 'string' || mac !== digests.anchorMac(anchorText(series, headSeq, headHash))) {
    return 'anchor MAC does not match: the chain up to here was rewritten, or the audit key is not the one it was written with';
  }
  return null;
}

/**
 * Verifies every chain in a set of audit files (other file names are ignored). Files of a series
 * are taken in day order; each series is reported on its own.
 */
export function verifyAuditFiles(
  files: readonly AuditFileText[],
  digests: AuditDigests,
  options: VerifyOptions = {},
): VerifyReport {
  const bySeries = new Map<string, { day: string; file: AuditFileText }[]>();
  for (const file of files) {
    const parsed = parseSeriesFile(file.name.split('/').at(-1)!);
    if (!parsed) continue;
    const list = bySeries.get(parsed.series) ?? [];
    list.push({ day: parsed.day, file });
    bySeries.set(parsed.series, list);
  }
  const series = [...bySeries.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, list]) =>
      verifySeries(
        name,
        list.sort((a, b) => a.day.localeCompare(b.day)).map((x) => x.file),
        digests,
        options,
      ),
    );
  // A chain whose every file is gone: its kept head still names it.
  for (const head of options.single ? [] : (options.heads?.list ?? [])) {
    if (bySeries.has(head.series)) continue;
    series.push({
      series: head.series,
      files: [],
      records: 0,
      lastSeq: 0,
      anchorsChecked: 0,
      macsChecked: 0,
      status: 'broken',
      problem: {
        file: head.series,
        line: 0,
        seq: 1,
        message: `end cut: the chain’s head kept outside the files is seq ${head.seq}, and no file of the chain is left`,
      },
      notes: [],
    });
  }
  return { ok: series.length > 0 && series.every((s) => s.status === 'ok'), series };
}

/** The report as the command line prints it. */
export function formatVerifyReport(report: VerifyReport): string[] {
  if (report.series.length === 0) return ['no audit files found'];
  const lines: string[] = [];
  for (const s of report.series) {
    const head = `${s.series}: ${s.records} records in ${s.files.length} file(s), last seq ${s.lastSeq}, ${s.anchorsChecked} anchor(s) and ${s.macsChecked} record MAC(s) checked`;
    if (s.status === 'ok') lines.push(`OK      ${head}`);
    else {
      const p = s.problem!;
      const label = s.status === 'broken' ? 'BROKEN ' : 'TORN   ';
      lines.push(
        `${label} ${head}`,
        `        first problem: ${p.file}:${p.line}${p.seq ? ` (seq ${p.seq})` : ''}: ${p.message}`,
      );
    }
    for (const note of s.notes) lines.push(`        note: ${note}`);
  }
  return lines;
}

/** Exit status of `audit verify`: 0 every chain verifies, 1 a link is broken, 2 only a torn last line. */
export function verifyExitCode(report: VerifyReport): number {
  if (report.series.length === 0 || report.series.some((s) => s.status === 'broken')) return 1;
  return report.series.some((s) => s.status === 'truncated') ? 2 : 0;
}

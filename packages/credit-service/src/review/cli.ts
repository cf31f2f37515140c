import path from 'node:path';
import { AuditWriter, EnvReader, readAuditSettings, auditDigests, nodeAuditStorage } from '@credit-portal/node-common';
import { openDatabase } from '../db/open.js';
import { createAccountRepository } from '../repositories/account.js';
import { AUDIT_KEY_SECRET, createAnchorStore } from '../audit/anchor-store.js';
import { REVIEW_CLI_WRITER } from '../audit/writers.js';
import {
  parseReviewArgs,
  REVIEW_USAGE,
  runReviewCommand,
  type ReviewDecision,
  type ReviewerChange,
} from './review-cli.js';
import { reviewNote } from './review-audit.js';
import { readSite } from '../lib/site.js';

// The reviewer's command line: node dist/review/cli.js [--data-dir D] list | <applyNo> <action> --reviewer <login> | reviewer ….
let dataDir: string;
try {
  dataDir = path.resolve(parseReviewArgs(process.argv.slice(2)).values['data-dir'] ?? process.env.DATA_DIR ?? './data');
} catch (error) {
  console.error(`review: ${(error as Error).message}\n\n${REVIEW_USAGE}`);
  process.exit(1);
}
const read = new EnvReader(process.env);
const audit = readAuditSettings(read, path.join(dataDir, 'audit'));
const site = readSite(read);
if (read.problems.length > 0) {
  for (const problem of read.problems) console.error(`review: ${problem}`);
  process.exit(1);
}
const db = openDatabase(dataDir);
const decisions: ReviewDecision[] = [];
const changes: ReviewerChange[] = [];
try {
  process.exitCode = runReviewCommand(
    db,
    process.argv.slice(2),
    { out: (line) => process.stdout.write(`${line}\n`), err: (line) => console.error(line) },
    (decision) => decisions.push(decision),
    { site, onReviewerChange: (change) => changes.push(change) },
  );
  // Decisions are audited like the page's and the endpoint's, in the command line's own chain;
  // so is each change to a reviewer account, made by whoever holds the centre's console.
  if (decisions.length + changes.length > 0) {
    const anchors = createAnchorStore(db);
    const writer = await AuditWriter.open({
      service: REVIEW_CLI_WRITER,
      storage: await nodeAuditStorage(path.resolve(audit.dir)),
      digests: auditDigests(audit.key ?? createAccountRepository(db).secret(AUDIT_KEY_SECRET)),
      streams: ['security'],
      // Its chain's anchors and head go to the same database as the service's.
      onAnchor: (anchor) => anchors.put(anchor),
      heads: anchors,
    });
    for (const d of decisions) {
      const note = reviewNote(d.applyNo, d.action, 'cli', d.actor);
      await writer.write({
        event: 'application.review',
        result: d.outcome === 'ok' ? 'success' : 'failure',
        reason: d.outcome === 'ok' ? null : d.outcome,
        actor: note.actor!,
        subject: note.subject!,
        ip: null,
        requestId: null,
        details: { ...note.details, ...(d.status ? { status: d.status } : {}) },
      });
    }
    for (const c of changes) {
      await writer.write({
        event: 'reviewer.account',
        result: 'success',
        reason: null,
        actor: 'admin',
        subject: c.subject,
        ip: null,
        requestId: null,
        details: { change: c.change, channel: 'cli' },
      });
    }
    await writer.close();
  }
} catch (error) {
  console.error(`review: AUDIT RECORD NOT WRITTEN: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  db.close();
}

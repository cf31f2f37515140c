import type { Database } from 'better-sqlite3';
import {
  REPORT_CHANGE_LABELS,
  type PublicListStanding,
  type ReportChange,
  type ReportChangeKind,
} from '@credit-portal/shared';
import type { SiteIdentity } from '../lib/site.js';
import { penaltyPublicizedSql } from '../repositories/publicity.js';
import { createPublicStandingRepository } from '../repositories/public-standing.js';

/*
 * What a report covered, kept with it so that its status can later say whether it is still
 * current: the ids of the entity's public records of each kind on the day of issue — penalties in
 * publicity, licences, red and black list entries in force, the entries in force on the other public
 * lists, and the objections upheld. Ids only, not periods: a bank asks whether what the portal
 * publishes about the entity changed since, not only within the report's period. A status compares
 * these sets with today's and names each difference by its kind and day, never by its content.
 */

export interface ReportCoverage {
  /** yyyy-mm-dd: the day of issue. */
  asOf: string;
  penalties: number[];
  licences: number[];
  red: number[];
  black: number[];
  /** `<list key>:<record id>` of the entries in force. */
  publicLists: string[];
  /** Ids of the upheld objection applications on the entity's penalties. */
  objections: number[];
}

/** A difference, before it is counted by kind and day. */
interface Change {
  kind: ReportChangeKind;
  label: string;
  date: string | null;
}

const change = (kind: ReportChangeKind, date: string | null, label: string = REPORT_CHANGE_LABELS[kind]): Change => ({
  kind,
  label,
  date,
});

const sortedNumbers = (values: number[]): number[] => [...values].sort((a, b) => a - b);

/** Entries of public lists in force, by their list (with its label) and id. */
function listEntries(lists: readonly PublicListStanding[]): Map<string, { label: string; listedOn: string }> {
  const entries = new Map<string, { label: string; listedOn: string }>();
  for (const list of lists) {
    for (const entry of list.Entries) {
      if (entry.InForce) entries.set(`${list.Key}:${entry.id}`, { label: list.Label, listedOn: entry.ListedOn });
    }
  }
  return entries;
}

/** The changes counted by kind, label and day, oldest first (an unknown day last). */
function counted(changes: Change[]): ReportChange[] {
  const byKey = new Map<string, ReportChange>();
  for (const c of changes) {
    const key = `${c.kind}\u0000${c.label}\u0000${c.date ?? ''}`;
    const found = byKey.get(key);
    if (found) found.Count += 1;
    else byKey.set(key, { Kind: c.kind, KindLabel: c.label, Date: c.date, Count: 1 });
  }
  return [...byKey.values()].sort(
    (a, b) => (a.Date ?? '9999').localeCompare(b.Date ?? '9999') || a.KindLabel.localeCompare(b.KindLabel),
  );
}

export function createCoverageReader(db: Database, site: SiteIdentity) {
  const standing = createPublicStandingRepository(db, site);
  const penaltyIds = db
    .prepare(
      `SELECT id FROM penalties WHERE entity_id = @entity AND CF_XDR_LB <> '自然人' AND ${penaltyPublicizedSql('@today')}`,
    )
    .pluck();
  const penaltyById = db.prepare(
    'SELECT CF_JDRQ AS decidedOn, CF_GSJZQ AS publicUntil, repaired_on AS repairedOn FROM penalties WHERE id = ?',
  );
  const licenceIds = db.prepare('SELECT id FROM licences WHERE entity_id = @entity AND XK_JDRQ <= @today').pluck();
  const licenceDay = db.prepare('SELECT XK_JDRQ FROM licences WHERE id = ?').pluck();
  const listRows = db.prepare(
    `SELECT id, list_type AS type FROM red_black_list
     WHERE entity_id = @entity AND included_on <= @today AND valid_until >= @today`,
  );
  const listById = db.prepare(
    'SELECT included_on AS includedOn, valid_until AS validUntil FROM red_black_list WHERE id = ?',
  );
  // Through the entity's penalties: an application names the penalty it is about.
  const upheld = db.prepare(
    `SELECT a.id, MIN(s.at) AS at FROM penalties p
     JOIN service_applications a ON a.penalty_id = p.id AND a.kind = 'objection'
     JOIN application_steps s ON s.application_id = a.id AND s.step = 'approved'
     WHERE p.entity_id = @entity GROUP BY a.id`,
  );

  // Since the day of issue, by the records' own days: for reports issued before coverage was kept.
  const penaltiesSince = db.prepare(
    `SELECT CF_JDRQ AS decidedOn, CF_GSJZQ AS publicUntil, repaired_on AS repairedOn FROM penalties
     WHERE entity_id = @entity AND CF_XDR_LB <> '自然人' AND severity <> '轻微'
       AND (CF_JDRQ > @since OR repaired_on > @since OR (CF_GSJZQ >= @since AND CF_GSJZQ < @today))`,
  );
  const licencesSince = db
    .prepare('SELECT XK_JDRQ FROM licences WHERE entity_id = @entity AND XK_JDRQ > @since AND XK_JDRQ <= @today')
    .pluck();
  const listsSince = db.prepare(
    `SELECT list_type AS type, included_on AS includedOn, valid_until AS validUntil FROM red_black_list
     WHERE entity_id = @entity AND ((included_on > @since AND included_on <= @today AND valid_until >= @today)
       OR (included_on <= @since AND valid_until >= @since AND valid_until < @today))`,
  );

  function upheldObjections(entity: number): Map<number, string> {
    const rows = upheld.all({ entity }) as { id: number; at: string }[];
    return new Map(rows.map((row) => [row.id, row.at.slice(0, 10)]));
  }

  const publicListsOf = (entity: number, today: string): PublicListStanding[] =>
    standing.publicStanding(entity, today)?.lists ?? [];

  /** The entity's public records of each kind on `today` (yyyy-mm-dd). */
  function read(entity: number, today: string, publicLists = publicListsOf(entity, today)): ReportCoverage {
    const params = { entity, today };
    const lists = listRows.all(params) as { id: number; type: 'red' | 'black' }[];
    return {
      asOf: today,
      penalties: sortedNumbers(penaltyIds.all(params) as number[]),
      licences: sortedNumbers(licenceIds.all(params) as number[]),
      red: sortedNumbers(lists.filter((row) => row.type === 'red').map((row) => row.id)),
      black: sortedNumbers(lists.filter((row) => row.type === 'black').map((row) => row.id)),
      publicLists: [...listEntries(publicLists).keys()].sort(),
      objections: sortedNumbers([...upheldObjections(entity).keys()]),
    };
  }

  /** What differs between the coverage at issue and the entity's public records on `today`, by kind and day. */
  function compare(entity: number, before: ReportCoverage, today: string): ReportChange[] {
    const publicLists = publicListsOf(entity, today);
    const now = read(entity, today, publicLists);
    const changes: Change[] = [];
    const added = <T>(a: readonly T[], b: readonly T[]): T[] => {
      const had = new Set(a);
      return b.filter((value) => !had.has(value));
    };

    for (const id of added(before.penalties, now.penalties)) {
      const row = penaltyById.get(id) as { decidedOn: string } | undefined;
      changes.push(change('penaltyPublished', row?.decidedOn ?? null));
    }
    for (const id of added(now.penalties, before.penalties)) {
      const row = penaltyById.get(id) as { publicUntil: string; repairedOn: string | null } | undefined;
      if (row?.repairedOn) changes.push(change('penaltyRepaired', row.repairedOn));
      else if (row && row.publicUntil < today) changes.push(change('penaltyEnded', row.publicUntil));
      else changes.push(change('penaltyWithdrawn', null));
    }
    for (const id of added(before.licences, now.licences)) {
      changes.push(change('licenceAdded', (licenceDay.get(id) as string | undefined) ?? null));
    }
    for (const [type, addedKind, removedKind] of [
      ['red', 'redListAdded', 'redListRemoved'],
      ['black', 'blackListAdded', 'blackListRemoved'],
    ] as const) {
      for (const id of added(before[type], now[type])) {
        const row = listById.get(id) as { includedOn: string } | undefined;
        changes.push(change(addedKind, row?.includedOn ?? null));
      }
      for (const id of added(now[type], before[type])) {
        const row = listById.get(id) as { validUntil: string } | undefined;
        changes.push(change(removedKind, row && row.validUntil < today ? row.validUntil : null));
      }
    }
    const entriesNow = listEntries(publicLists);
    const labels = new Map(publicLists.map((list) => [list.Key as string, list.Label]));
    for (const key of added(before.publicLists, now.publicLists)) {
      const entry = entriesNow.get(key);
      changes.push(change('publicListAdded', entry?.listedOn ?? null, `列入${entry?.label ?? '公示名单'}`));
    }
    for (const key of added(now.publicLists, before.publicLists)) {
      const label = labels.get(key.slice(0, key.indexOf(':')));
      changes.push(change('publicListRemoved', null, label ? `移出${label}` : REPORT_CHANGE_LABELS.publicListRemoved));
    }
    const objections = upheldObjections(entity);
    for (const id of added(before.objections, now.objections)) {
      changes.push(change('objectionUpheld', objections.get(id) ?? null));
    }
    return counted(changes);
  }

  /**
   * For a report issued before coverage was kept: the changes the records' own days place after
   * the day of issue `since` (published, repaired, ended, listed, upheld). A record decided before
   * and brought in after cannot be told from one the report had: so finding none proves nothing.
   */
  function changedSince(entity: number, since: string, generatedAt: string, today: string): ReportChange[] {
    const params = { entity, since, today };
    const changes: Change[] = [];
    for (const row of penaltiesSince.all(params) as {
      decidedOn: string;
      publicUntil: string;
      repairedOn: string | null;
    }[]) {
      if (row.decidedOn > since && row.repairedOn === null && row.publicUntil >= today) {
        changes.push(change('penaltyPublished', row.decidedOn));
      } else if (row.repairedOn !== null && row.repairedOn > since && row.decidedOn <= since) {
        changes.push(change('penaltyRepaired', row.repairedOn));
      } else if (
        row.repairedOn === null &&
        row.decidedOn <= since &&
        row.publicUntil < today &&
        row.publicUntil >= since
      ) {
        changes.push(change('penaltyEnded', row.publicUntil));
      }
    }
    for (const day of licencesSince.all(params) as string[]) changes.push(change('licenceAdded', day));
    for (const row of listsSince.all(params) as { type: 'red' | 'black'; includedOn: string; validUntil: string }[]) {
      const listed = row.includedOn > since;
      if (row.type === 'red')
        changes.push(change(listed ? 'redListAdded' : 'redListRemoved', listed ? row.includedOn : row.validUntil));
      else
        changes.push(change(listed ? 'blackListAdded' : 'blackListRemoved', listed ? row.includedOn : row.validUntil));
    }
    for (const entry of listEntries(publicListsOf(entity, today)).values()) {
      if (entry.listedOn > since) changes.push(change('publicListAdded', entry.listedOn, `列入${entry.label}`));
    }
    for (const row of upheld.all({ entity }) as { at: string }[]) {
      if (row.at > generatedAt) changes.push(change('objectionUpheld', row.at.slice(0, 10)));
    }
    return counted(changes);
  }

  return { read, compare, changedSince };
}

export type CoverageReader = ReturnType<typeof createCoverageReader>;

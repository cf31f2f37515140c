import type { Database } from 'better-sqlite3';
import { addMonths } from '../../lib/dates.js';
import { recordPenaltyChange } from '../../repositories/public-records.js';

/*
 * Demo only (信用关注): publishes one new administrative penalty for an entity, as the
 * centre's data exchange would write a row into penalties — so that following a company and
 * receiving its next penalty can be tried end to end on a laptop (README "Trying it"). The row
 * copies a published general (一般) legal-person penalty of the data set for its case and
 * authority, and takes the entity's name and codes, today's decision date, a year's publicity and
 * a new document number. The service's code never imports this (seed/ is demo data).
 */

/** What was published. */
export interface PublishedPenalty {
  id: number;
  entityName: string;
  docNo: string;
}

/**
 * Inserts a new published penalty for `entityId`, decided on `decidedOn` (default `today`) with a
 * year's publicity from then; null when the entity does not exist.
 */
export function publishDemoPenalty(
  db: Database,
  entityId: number,
  today: string,
  decidedOn: string = today,
): PublishedPenalty | null {
  const entity = db
    .prepare(
      'SELECT id, name, credit_code AS creditCode, legal_rep AS legalRep, district_id AS districtId FROM entities WHERE id = ?',
    )
    .get(entityId) as
    { id: number; name: string; creditCode: string; legalRep: string; districtId: string | null } | undefined;
  if (!entity) return null;
  const template = db
    .prepare(
      `SELECT id, CF_WSH FROM penalties WHERE severity = '一般' AND CF_XDR_LB <> '自然人' AND CF_WSH LIKE '%〔____〕%号'
       ORDER BY id LIMIT 1`,
    )
    .get() as { id: number; CF_WSH: string } | undefined;
  if (!template) throw new Error('the data set has no penalty to take a case from');
  const columns = (db.prepare('PRAGMA table_info(penalties)').all() as Array<{ name: string }>)
    .map((column) => column.name)
    .filter((name) => name !== 'id');
  const nextId = Number(db.prepare('SELECT COALESCE(MAX(id), 0) + 1 FROM penalties').pluck().get());
  const docNo = template.CF_WSH.replace(/〔\d{4}〕\d+号$/, `〔${today.slice(0, 4)}〕${nextId}号`);
  const overrides: Record<string, string | number | null> = {
    entity_id: entity.id,
    CF_WSH: docNo,
    CF_XDR_MC: entity.name,
    CF_XDR_SHXYM: entity.creditCode,
    CF_FRDB: entity.legalRep,
    CF_JDRQ: decidedOn,
    CF_GSJZQ: addMonths(decidedOn, 12),
    CF_ZT: '正常',
    repaired_on: null,
    UPDATETIME: `${today} 09:00:00`,
  };
  const select = columns.map((name) => (name in overrides ? `@${name}` : name)).join(', ');
  // The row and its public change (added) commit together, as the data exchange's import would write them.
  const id = db.transaction(() => {
    const inserted = Number(
      db
        .prepare(`INSERT INTO penalties (${columns.join(', ')}) SELECT ${select} FROM penalties WHERE id = @templateId`)
        .run({ ...overrides, templateId: template.id }).lastInsertRowid,
    );
    recordPenaltyChange(db, inserted, today, { kind: 'added' });
    return inserted;
  })();
  return { id, entityName: entity.name, docNo };
}

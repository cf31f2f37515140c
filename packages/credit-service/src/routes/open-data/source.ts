import type { Database } from 'better-sqlite3';
import { maskIdNumber, type OpenDatasetId } from '@credit-portal/shared';
import { LICENCE_FIELDS, PENALTY_FIELDS } from '../../db/columns.js';
import type { SiteIdentity } from '../../lib/site.js';
import { createCreditListRepository } from '../../repositories/credit-lists.js';
import { createDisclosureRepository } from '../../repositories/disclosure.js';
import { penaltyPublicizedSql } from '../../repositories/publicity.js';

/** One record of a dataset: its field codes and their values, as the files hold them. */
export type OpenDataRecord = Record<string, string>;

/** Every row: SQLite's LIMIT -1 (the repositories' paged lists, unpaged). */
const ALL = { offset: 0, limit: -1 } as const;

/** Values as text ('' for none), so that CSV and JSON Lines carry the same thing. */
const asText = (row: object): OpenDataRecord =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? '' : String(value)]));

/**
 * What each dataset holds on `today`: exactly what the portal's pages show that day, by the
 * pages' own rules — licences as the licence lists have them, penalties under penaltyPublicizedSql
 * (not minor, not repaired, deadline CF_GSJZQ not passed), red/black entries in force and the
 * disclosure lists from their repositories (ID numbers masked there, as on the pages). A natural
 * person's document number on a penalty is masked as the penalty details mask it. Order: stable
 * (by id, or the lists' own order with id as the tie-break).
 */
export function createOpenDataSource(db: Database, site: SiteIdentity) {
  const creditLists = createCreditListRepository(db, site);
  const disclosure = createDisclosureRepository(db);
  const licences = db.prepare(`SELECT ${LICENCE_FIELDS.join(', ')} FROM licences ORDER BY id`);
  const penalties = db.prepare(
    `SELECT ${PENALTY_FIELDS.join(', ')}, CF_XDR_ZJLX, CF_XDR_ZJHM FROM penalties
     WHERE ${penaltyPublicizedSql('@today')} ORDER BY id`,
  );

  const readers: Readonly<Record<OpenDatasetId, (today: string) => object[]>> = {
    xzxk: () => licences.all() as object[],
    xzcf: (today) =>
      (penalties.all({ today }) as Array<{ CF_XDR_ZJLX: string | null; CF_XDR_ZJHM: string | null }>).map((row) => ({
        ...row,
        CF_XDR_ZJLX: row.CF_XDR_ZJHM ? row.CF_XDR_ZJLX : '',
        CF_XDR_ZJHM: row.CF_XDR_ZJHM ? maskIdNumber(row.CF_XDR_ZJHM) : '',
      })),
    hhmd: (today) => creditLists.redBlack(ALL, today).rows,
    jyyc: () => disclosure.abnormalBusiness(ALL).list,
    zdsswf: () => disclosure.majorTaxViolations(ALL).list,
    tqgz: () => disclosure.arrearsFunds(ALL).list,
  };

  /** The records of a dataset in publicity on `today` (yyyy-mm-dd). */
  return (dataset: OpenDatasetId, today: string): OpenDataRecord[] => readers[dataset](today).map(asText);
}

export type OpenDataSource = ReturnType<typeof createOpenDataSource>;

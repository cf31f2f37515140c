import type { Database } from 'better-sqlite3';
import type {
  LicenceDetail,
  LicenceListRow,
  NoticeListItem,
  NoticePage,
  PenaltyDetail,
  PenaltyListRow,
} from '@credit-portal/shared';
import { LICENCE_FIELDS, PENALTY_FIELDS } from '../db/columns.js';
import { containsPattern, rowId } from '../lib/sql.js';

export interface PublicityFilter {
  /** A district site's record id; undefined for the whole city. */
  districtId?: string;
  searchWord?: string;
  offset: number;
  limit: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * Licence and penalty publicity (双公示). Penalties whose publicity deadline (CF_GSJZQ) is
 * before `today` are never listed; details report them as expired.
 */
export function createPublicityRepository(db: Database) {
  const licenceWhere = `(@district IS NULL OR district_id = @district)
    AND (@like IS NULL OR XK_XDR_MC LIKE @like ESCAPE '\\' OR XK_WSH LIKE @like ESCAPE '\\')`;
  const penaltyWhere = `CF_GSJZQ >= @today AND (@district IS NULL OR district_id = @district)
    AND (@like IS NULL OR CF_XDR_MC LIKE @like ESCAPE '\\' OR CF_WSH LIKE @like ESCAPE '\\')`;
  const licenceCount = db.prepare(`SELECT COUNT(*) FROM licences WHERE ${licenceWhere}`).pluck();
  const licenceRows = db.prepare(
    `SELECT CAST(id AS TEXT) AS id, XK_WSH AS xK_WSH, XK_XDR_MC AS xK_XDR_MC, XK_JDRQ AS xK_JDRQ
     FROM licences WHERE ${licenceWhere} ORDER BY XK_JDRQ DESC, id DESC LIMIT @limit OFFSET @offset`,
  );
  const penaltyCount = db.prepare(`SELECT COUNT(*) FROM penalties WHERE ${penaltyWhere}`).pluck();
  const penaltyRows = db.prepare(
    `SELECT CAST(id AS TEXT) AS id, CF_WSH AS cF_WSH, CF_XDR_MC AS cF_XDR_MC, CF_JDRQ AS cF_JDRQ
     FROM penalties WHERE ${penaltyWhere} ORDER BY CF_JDRQ DESC, id DESC LIMIT @limit OFFSET @offset`,
  );
  const licenceDetail = db.prepare(
    `SELECT CAST(id AS TEXT) AS id, ${LICENCE_FIELDS.join(', ')} FROM licences WHERE id = ?`,
  );
  const penaltyDetail = db.prepare(
    `SELECT CAST(id AS TEXT) AS id, ${PENALTY_FIELDS.join(', ')} FROM penalties WHERE id = ?`,
  );

  const params = (filter: PublicityFilter) => ({
    district: filter.districtId ?? null,
    like: filter.searchWord ? containsPattern(filter.searchWord) : null,
  });

  /** Licences, newest decision first; searchWord matches the counterpart name or the document number. */
  const licences = (filter: PublicityFilter): Page<LicenceListRow> => {
    const where = params(filter);
    return {
      rows: licenceRows.all({ ...where, limit: filter.limit, offset: filter.offset }) as LicenceListRow[],
      total: licenceCount.get(where) as number,
    };
  };

  /** Penalties still within their publicity period, newest decision first. */
  const penalties = (filter: PublicityFilter, today: string): Page<PenaltyListRow> => {
    const where = { ...params(filter), today };
    return {
      rows: penaltyRows.all({ ...where, limit: filter.limit, offset: filter.offset }) as PenaltyListRow[],
      total: penaltyCount.get(where) as number,
    };
  };

  return {
    licences,
    penalties,

    licenceNotices(offset: number, limit: number): NoticePage {
      const page = licences({ offset, limit });
      const list: NoticeListItem[] = page.rows.map((row) => ({
        RecordId: row.id,
        EntName: row.xK_XDR_MC,
        LicenseDocNo: row.xK_WSH,
        DecisionDate: row.xK_JDRQ,
      }));
      return { list, totalCount: page.total };
    },

    penaltyNotices(offset: number, limit: number, today: string): NoticePage {
      const page = penalties({ offset, limit }, today);
      const list: NoticeListItem[] = page.rows.map((row) => ({
        RecordId: row.id,
        EntName: row.cF_XDR_MC,
        PunishDocNo: row.cF_WSH,
        DecisionDate: row.cF_JDRQ,
      }));
      return { list, totalCount: page.total };
    },

    licence(id: string): LicenceDetail | undefined {
      const key = rowId(id);
      return key === null ? undefined : (licenceDetail.get(key) as LicenceDetail | undefined);
    },

    /** A penalty by id, expired or not: the caller decides what an expired one answers. */
    penalty(id: string): PenaltyDetail | undefined {
      const key = rowId(id);
      return key === null ? undefined : (penaltyDetail.get(key) as PenaltyDetail | undefined);
    },
  };
}

export type PublicityRepository = ReturnType<typeof createPublicityRepository>;

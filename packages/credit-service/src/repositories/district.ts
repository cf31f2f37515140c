import type { Database } from 'better-sqlite3';
import type { DistrictSummary } from '@credit-portal/shared';

export interface DistrictSite extends DistrictSummary {
  layout: 'full' | 'placeholder';
}

/** The district credit sites. */
export function createDistrictRepository(db: Database) {
  const columns = `record_id AS recordId, category_id AS categoryId, cms_base_id AS cmsBaseId,
    site_name AS siteName, layout`;
  const all = db.prepare(`SELECT ${columns} FROM district_sites ORDER BY sort_order`);
  const byId = db.prepare(`SELECT ${columns} FROM district_sites WHERE record_id = ?`);
  return {
    list(): DistrictSummary[] {
      return (all.all() as DistrictSite[]).map(({ recordId, categoryId, cmsBaseId, siteName }) => ({
        recordId,
        categoryId,
        cmsBaseId,
        siteName,
      }));
    },
    get(recordId: string): DistrictSite | undefined {
      return byId.get(recordId) as DistrictSite | undefined;
    },
  };
}

export type DistrictRepository = ReturnType<typeof createDistrictRepository>;

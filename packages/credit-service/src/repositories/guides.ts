import type { Database } from 'better-sqlite3';
import type { ServiceGuide } from '@credit-portal/shared';

/* Reads of the service guides (migration 5). */

export function createGuideRepository(db: Database) {
  const guides = db.prepare('SELECT * FROM service_guides ORDER BY sort_order');

  return {
    /** Every service guide, in editorial order. */
    list(): ServiceGuide[] {
      return (guides.all() as { id: string; title: string; category: string; summary: string; detail: string }[]).map(
        (row) => ({
          id: row.id,
          title: row.title,
          category: row.category,
          summary: row.summary,
          ...(JSON.parse(row.detail) as Omit<ServiceGuide, 'id' | 'title' | 'category' | 'summary'>),
        }),
      );
    },
  };
}

export type GuideRepository = ReturnType<typeof createGuideRepository>;

import type { Database } from 'better-sqlite3';

/**
 * The numbers of the demo data set's two accounts (README: its published password), here so that
 * the service can tell them without importing the demo wing (demo/seed builds them from these).
 */
export const DEMO_MOBILES = { a: '13900000000', b: '13900000001' } as const;

/**
 * Whether a number is one of the demo accounts of a database that holds the demo data set (the
 * `dataset` row its seeding writes): every visitor's to try, so 注销账号 refuses them.
 */
export function isDemoAccount(db: Database, mobile: string): boolean {
  if (mobile !== DEMO_MOBILES.a && mobile !== DEMO_MOBILES.b) return false;
  return db.prepare('SELECT 1 FROM dataset WHERE id = 1').get() !== undefined;
}

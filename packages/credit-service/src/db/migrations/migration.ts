/** One schema step: applied once, in version order, in its own transaction (db/migrate.ts). */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

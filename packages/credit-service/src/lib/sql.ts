/** A LIKE pattern matching `text` anywhere, with %, _ and \ escaped (use with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Row offset of a 1-based page. */
export const pageOffset = (pageIndex: number, pageSize: number): number => (pageIndex - 1) * pageSize;

/** A numeric record id from the wire, or null when it cannot name a row. */
export function rowId(id: string): number | null {
  return /^[1-9]\d{0,14}$/.test(id) ? Number(id) : null;
}

/** A string literal of `text` for SQL written once per service (a configured name), quotes doubled. */
export const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

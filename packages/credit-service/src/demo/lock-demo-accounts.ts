import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { hashPasswordSync, verifyPassword } from '../lib/passwords.js';
import { DEMO_ACCOUNT } from './seed/account.js';
import { isSeeded } from './seed/generate.js';
import { DEMO_ACCOUNT_B } from './seed/services.js';

/**
 * Makes the seeded demo accounts' published password (README) log no one in: called at start
 * while the demo stand-ins are off (a public bind, a production-like service), where anyone could
 * otherwise log in as 13900000000 and file repairs and objections on its seeded entities' records.
 * An account whose password was changed from the published one is left as it is. Returns how
 * many accounts it locked.
 */
export async function lockDemoAccounts(db: Database): Promise<number> {
  // Only a database that holds the demo data set can hold its accounts.
  if (!isSeeded(db)) return 0;
  const read = db.prepare('SELECT password_hash FROM users WHERE mobile = ?').pluck();
  const write = db.prepare('UPDATE users SET password_hash = ? WHERE mobile = ?');
  let locked = 0;
  for (const { mobile, password } of [DEMO_ACCOUNT, DEMO_ACCOUNT_B]) {
    const stored = read.get(mobile) as string | undefined;
    if (stored === undefined || !(await verifyPassword(password, stored))) continue;
    // A password nobody knows: the account stays (its seeded applications), its login is gone.
    write.run(hashPasswordSync(randomBytes(32).toString('base64url')), mobile);
    locked += 1;
  }
  return locked;
}

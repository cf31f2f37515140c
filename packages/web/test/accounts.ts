import { join } from 'node:path';
import { CONTRACTS, type LoginResult } from '@credit-portal/shared';
import { listOutbox, OUTBOX_DIR } from '@credit-portal/credit-service';
import { call } from '@/lib/api-client';

/** The code of the newest SMS the in-process credit-service's demo sender wrote to its outbox for a number. */
export async function smsCodeFor(dataDir: string, mobile: string): Promise<string> {
  const entries = await listOutbox(join(dataDir, OUTBOX_DIR));
  const code = /(\d{6})/.exec(entries.find((entry) => entry.kind === 'sms' && entry.to === mobile)?.text ?? '')?.[1];
  if (!code) throw new Error('no SMS code in the outbox for this number');
  return code;
}

/** Registers a mobile account through the gateway as a person does: the SMS code, then the form. */
export async function registerWithCode(
  dataDir: string,
  mobile: string,
  password = 'Web1234pass',
): Promise<LoginResult> {
  await call(CONTRACTS.registerCode, { body: { Mobile: mobile } });
  const Code = await smsCodeFor(dataDir, mobile);
  return call(CONTRACTS.register, { body: { Mobile: mobile, Password: password, ConfirmPassword: password, Code } });
}

import { join } from 'node:path';
import request from 'supertest';
import { API_PATHS, PRIVACY_RULES_VERSION, type LoginResult } from '@credit-portal/shared';
import { listOutbox, OUTBOX_DIR } from '@credit-portal/credit-service';

/** The code of the newest SMS the credit-service's demo sender wrote to its outbox for a number. */
export async function smsCodeFor(dataDir: string, mobile: string): Promise<string> {
  const entries = await listOutbox(join(dataDir, OUTBOX_DIR));
  const code = /(\d{6})/.exec(entries.find((entry) => entry.kind === 'sms' && entry.to === mobile)?.text ?? '')?.[1];
  if (!code) throw new Error('no SMS code in the outbox for this number');
  return code;
}

/**
 * Registers a mobile account through the gateway as a person does: asks for the SMS code, reads
 * it from the upstream's outbox (demo sender) and registers with it.
 */
export async function registerThroughGateway(
  gatewayUrl: string,
  upstreamDataDir: string,
  mobile: string,
  password = 'Gate1234x',
): Promise<LoginResult> {
  await request(gatewayUrl).post(API_PATHS.registerCode).send({ Mobile: mobile }).expect(200);
  const Code = await smsCodeFor(upstreamDataDir, mobile);
  const response = await request(gatewayUrl)
    .post(API_PATHS.register)
    .send({
      Mobile: mobile,
      Password: password,
      ConfirmPassword: password,
      Code,
      PrivacyVersion: PRIVACY_RULES_VERSION,
    })
    .expect(200);
  return response.body.data as LoginResult;
}

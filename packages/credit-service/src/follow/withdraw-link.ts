import { signLinkValues, verifiedLinkValues } from './signed-link.js';

/*
 * Every 信用关注 mail's one-click withdrawal of the consent to the mails (PIPL Art. 15): a token
 * naming the owner and the consent the mails go under (its never-reused row id; 0 for an address
 * saved before consents were recorded), signed for this purpose only. Once withdrawn, that consent
 * is no longer in force, so the link works once; a consent given later has a new id, which an old
 * link does not name.
 */

const PURPOSE = 'credit-follow/withdraw-mail/v1';

/** What a valid token names. */
export interface WithdrawLink {
  owner: string;
  /** The consents row in force when the mail was sent; 0: none was on record. */
  consentId: number;
}

export function signWithdrawLink(key: string, link: WithdrawLink): string {
  return signLinkValues(key, PURPOSE, [link.owner, link.consentId]);
}

/** The owner and consent a token names, or null for anything not signed by this key for this purpose. */
export function verifyWithdrawLink(key: string, token: string): WithdrawLink | null {
  const values = verifiedLinkValues(key, PURPOSE, token, 2);
  if (!values) return null;
  const [owner, consentId] = values;
  if (typeof owner !== 'string' || !Number.isSafeInteger(consentId) || (consentId as number) < 0) return null;
  return { owner, consentId: consentId as number };
}

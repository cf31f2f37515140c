import type { Database } from 'better-sqlite3';
import { PRIVACY_RULES_VERSION } from '@credit-portal/shared';
import { createConsentRepository } from '../../repositories/consents.js';
import { hashToken } from '../../repositories/h5.js';

const PURPOSE = 'face_verification';

/** The consent's subject while its person is not known yet: the cert token it was given with (its hash). */
const pendingSubject = (certToken: string): string => `h5-cert:${hashToken(certToken)}`;

/**
 * The separate consent to face verification (人脸识别技术应用安全管理办法; PIPL Art. 14, 29),
 * given on the login page's notice before the hand-off. Who gives it is known only once the
 * external service has verified them, so it is recorded — version and time — with the cert token
 * it came with, before that token is handed out, and moved to the person (h5:<the keyed hash the
 * audit trail uses for them>) when the verified token is exchanged. A consent whose token is never
 * verified stays under the token's hash: evidence of a consent by no one known.
 */
export function createFaceConsent(db: Database) {
  const consents = createConsentRepository(db);
  return {
    /** Records the consent to the rules in force, with the cert token about to be handed out. */
    record(certToken: string, now: Date = new Date()): string {
      consents.grant(pendingSubject(certToken), PURPOSE, PRIVACY_RULES_VERSION, now.toISOString());
      return PRIVACY_RULES_VERSION;
    },
    /**
     * Moves the consent given with a verified cert token to its person (`personRef`:
     * `person:<keyed hash>` as the audit trail writes it); the version bound, or null when the
     * token came with none (one handed out before consents were recorded).
     */
    bind(certToken: string, personRef: string, now: Date = new Date()): string | null {
      const from = pendingSubject(certToken);
      const given = consents.list([from]).at(-1);
      if (!given) return null;
      const to = `h5:${personRef.slice(personRef.indexOf(':') + 1)}`;
      db.transaction(() => {
        // At most one in force per purpose, as grant() keeps it.
        consents.withdraw(to, PURPOSE, now.toISOString());
        consents.reassign(from, to);
      })();
      return given.version;
    },
  };
}

export type FaceConsent = ReturnType<typeof createFaceConsent>;

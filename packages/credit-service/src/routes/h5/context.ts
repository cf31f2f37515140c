import type { KeyObject } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  H5_DAILY_MAIL_LIMIT,
  H5_MESSAGES,
  h5Eligibility,
  type H5EncryptedIdentity,
  type H5RsaPublicKey,
  type H5UserInfo,
} from '@credit-portal/shared';
import { localToday } from '../../lib/dates.js';
import { sameText } from '../../lib/hash.js';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { createH5Repository, type H5Person, type H5Repository } from '../../repositories/h5.js';
import { decryptPkcs1, loadPrivateKey, newRsaPrivateKeyPem, newSealKey, publicKeyHex } from './crypto.js';

/** The app as the H5 route modules receive it (TypeBox type provider). */
export type H5App = Parameters<FastifyPluginAsyncTypebox>[0];

/** Renders an entity's credit report: the PDF and its report number. */
export type EntityReportRenderer = (entityId: number) => Promise<{ pdf: Buffer; reportNumber: string }>;

export interface H5Options {
  /** The face-verification stand-in (FACE_VERIFY_PATH) is served: demo mode only. */
  demo: boolean;
  /** The hidden test login (H5_TEST_MODE): the test exchange calls answer only when on. */
  testMode: boolean;
  /** Lifetime of cert tokens, izgtxytokens and Infotokens, seconds (H5_INFOTOKEN_TTL_SECONDS). */
  tokenTtlSeconds: number;
  /** The portal's address (ends with '/'): the face-verification page's default way back, and an allowed origin. */
  portalUrl: string;
  mailer: Mailer;
  /** The enterprise credit report of an entity, e-mailed by MobileSendEmail. */
  entityReport: EntityReportRenderer;
}

/** Default lifetime of the H5 tokens: half an hour. */
export const DEFAULT_H5_TOKEN_TTL_SECONDS = 30 * 60;
/** The personal report's download tokens live five minutes. */
export const REPORT_STEP_TTL_MS = 5 * 60_000;
/** A face verification's one-time code must be exchanged within five minutes (its cert token ends then). */
export const CERT_CODE_TTL_MS = 5 * 60_000;
/** An encrypted timestamp older (or newer) than this is refused: a captured request cannot be replayed later. */
export const TIMESTAMP_WINDOW_MS = 5 * 60_000;
/*
 * What the SPA encrypts, by shape: a person's name, a document number, Date.now(). A block altered
 * by someone probing its padding opens, if at all, to random bytes, which none of these admit.
 */
const NAME_TEXT = /^[\p{L}\p{M}·.' -]{1,64}$/u;
const DOCUMENT_TEXT = /^[0-9A-Za-z()-]{5,32}$/;
const TIME_TEXT = /^\d{13}$/;
/** Status of the report service's "no report" answers (anything but 10). */
export const NO_REPORT_STATUS = 20;

const RSA_SECRET = 'h5_rsa_private_key';
const SEAL_SECRET = 'h5_channel_key';

export interface H5Context {
  repo: H5Repository;
  options: H5Options;
  tokenTtlMs: number;
  sealKey: string;
  /** The RSA key pair, created on first use (generating one takes a while) and kept in the database. */
  rsa(): Promise<{ privateKey: KeyObject; publicKey: H5RsaPublicKey }>;
  /** The person of a live Infotoken; 401 登录已过期 otherwise. */
  sessionPerson(infotoken: string): H5Person;
  /** A new Infotoken for the person, as the exchanges answer it (`parent`: the token it was exchanged for). */
  userInfo(person: H5Person, parent?: string): H5UserInfo;
  /** 403 unless the name and document number (when given) are the person's own. */
  assertOwn(person: H5Person, idNumber: string, name?: string): void;
  /** Decrypts the identity of a personal-report step and checks it is the session's person, recently sent. */
  decryptIdentity(body: H5EncryptedIdentity): Promise<H5Person>;
  /** Whether the person may have a personal report today (spec §1). */
  eligible(person: H5Person): boolean;
  /**
   * Counts a report e-mail against the person's daily limit (H5_DAILY_MAIL_LIMIT, personal and
   * entity reports together): its id, to give back with repo.releaseMail when the mail failed;
   * 429 今日发送次数已达上限 when the limit is reached.
   */
  reserveMail(person: H5Person, kind: 'personal' | 'entity'): number;
}

const normalizeDocument = (value: string): string => value.trim().toUpperCase();

export function createH5Context(app: H5App, options: H5Options): H5Context {
  const repo = createH5Repository(app.db, app.site);
  let rsa: Promise<{ privateKey: KeyObject; publicKey: H5RsaPublicKey }> | undefined;
  const loadRsa = async () => {
    const stored = repo.storedSecret(RSA_SECRET) ?? repo.secret(RSA_SECRET, await newRsaPrivateKeyPem());
    const privateKey = loadPrivateKey(stored);
    return { privateKey, publicKey: publicKeyHex(privateKey) };
  };
  const getRsa = () => {
    rsa ??= loadRsa();
    // A failed attempt is not remembered: the next call tries again.
    rsa.catch(() => (rsa = undefined));
    return rsa;
  };
  const sealKey = repo.secret(SEAL_SECRET, newSealKey);
  const tokenTtlMs = options.tokenTtlSeconds * 1000;

  const sessionPerson = (infotoken: string): H5Person => {
    const row = repo.token('info', infotoken);
    if (!row || row.personId === null || row.expiresAt <= Date.now()) {
      throw new UnauthorizedError(H5_MESSAGES.loginExpired);
    }
    const person = repo.person(row.personId);
    if (!person) throw new UnauthorizedError(H5_MESSAGES.loginExpired);
    return person;
  };

  const assertOwn = (person: H5Person, idNumber: string, name?: string): void => {
    if (idNumber.trim() && !sameText(normalizeDocument(idNumber), person.idNumber)) {
      throw new ForbiddenError(H5_MESSAGES.notOwnData);
    }
    if (name !== undefined && name.trim() && name.trim() !== person.name) {
      throw new ForbiddenError(H5_MESSAGES.notOwnData);
    }
  };

  return {
    repo,
    options,
    tokenTtlMs,
    sealKey,
    rsa: getRsa,
    sessionPerson,
    userInfo: (person, parent) => ({
      Name: person.name,
      IdCard: person.idNumber,
      Infotoken: repo.issueToken('info', person.id, tokenTtlMs, { parent }),
    }),
    assertOwn,
    async decryptIdentity(body) {
      // The three blocks are opened and checked together before the session is looked up, and
      // every failure — a block that does not open, its padding, text that is not a name, an ID
      // number or a fresh time, a person not the session's — is one answer: an altered block
      // says nothing about its padding (Bleichenbacher), and its garbage never passes as text.
      const { privateKey } = await getRsa();
      const name = decryptPkcs1(privateKey, body.name)?.trim() ?? '';
      const idNumber = decryptPkcs1(privateKey, body.idCard)?.trim() ?? '';
      const time = decryptPkcs1(privateKey, body.timestamp) ?? '';
      const wellFormed =
        NAME_TEXT.test(name) &&
        DOCUMENT_TEXT.test(idNumber) &&
        TIME_TEXT.test(time) &&
        Math.abs(Date.now() - Number(time)) <= TIMESTAMP_WINDOW_MS;
      if (!wellFormed) throw new ForbiddenError(H5_MESSAGES.identityRefused);
      const person = sessionPerson(body.Infotoken);
      if (!sameText(normalizeDocument(idNumber), person.idNumber) || name !== person.name) {
        throw new ForbiddenError(H5_MESSAGES.identityRefused);
      }
      return person;
    },
    reserveMail(person, kind) {
      const id = repo.reserveMail(person.id, kind, localToday(), H5_DAILY_MAIL_LIMIT);
      if (id === undefined) throw new TooManyRequestsError(H5_MESSAGES.mailLimit);
      return id;
    },
    eligible: (person) =>
      h5Eligibility(
        {
          documentType: person.idType,
          birthDate: person.birthDate,
          residence: person.residence,
          localSocialInsurance: person.localSocialInsurance,
        },
        localToday(),
      ).eligible,
  };
}

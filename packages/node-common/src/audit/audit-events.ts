/*
 * The audit trail's vocabulary (docs/AUDIT.md): every event name both services write,
 * the stream each belongs to (which decides its retention), and the record's shape.
 */

/**
 * Two streams, two chains, two retentions: `access` holds every access to personal data (PIPL
 * arts. 55–56: kept at least three years), `security` the rest (logins, filings, decisions,
 * purges, start-ups; Cybersecurity Law art. 21/23: at least six months).
 */
export const AUDIT_STREAMS = ['access', 'security'] as const;
export type AuditStream = (typeof AUDIT_STREAMS)[number];

/** Every audited event and its stream. */
export const AUDIT_EVENTS = {
  // The trail itself.
  'service.start': 'security',
  'audit.anchor': 'security',
  'audit.pruned': 'security',
  'audit.recovered': 'security',
  // Portal accounts (credit-service routes/account).
  'account.register': 'security',
  'account.password_reset': 'security',
  'account.password_change': 'security',
  'account.login': 'security',
  'account.wechat_login': 'security',
  'account.logout': 'security',
  'account.bind_mobile': 'security',
  'account.bind_wechat': 'security',
  'account.unbind_wechat': 'security',
  'account.qr_confirm': 'security',
  'account.qr_login': 'security',
  'account.oldsite_handoff': 'security',
  'account.oldsite_entry': 'security',
  'account.portal_token_exchange': 'security',
  'account.submission_login': 'security',
  // 我的数据: another login of the account ended by its owner; 注销账号.
  'account.session_end': 'security',
  'account.close': 'security',
  // Consents to the 个人信息处理规则: the rules agreed to again after a change, a consent withdrawn
  // (registration's, binding's and the mail address's own consents ride on their events above).
  'consent.grant': 'security',
  'consent.withdraw': 'security',
  // The H5 app's identity steps.
  // The consent to the face-verification notice, given on the login page before the hand-off.
  'h5.face_consent': 'security',
  'h5.face_verify': 'security',
  'h5.cert_exchange': 'security',
  'h5.iz_login': 'security',
  'h5.test_login': 'security',
  'h5.logout': 'security',
  // Filings and the centre's decisions.
  'application.filed': 'security',
  'application.review': 'security',
  // The centre's reviewers signing in (password and TOTP code), from the review endpoint or page.
  'reviewer.login': 'security',
  // A reviewer account made, disabled or given a new password or TOTP secret (the command line).
  'reviewer.account': 'security',
  'promise.filed': 'security',
  // 信用关注's mail: the choice saved (and a confirmation link mailed), an address confirmed by its owner.
  'follow.mail_settings': 'security',
  'follow.email_confirmed': 'security',
  // Reports: issued and checked (result only).
  'report.issued': 'security',
  'report.verified': 'security',
  // The gateway's admin calls.
  'cache.purge': 'security',
  // Access to personal data.
  'h5.report_view': 'access',
  'h5.report_download': 'access',
  'h5.report_email': 'access',
  'h5.entity_report_email': 'access',
  // 我的数据: a person's copy of what is held about their account (JSON or PDF).
  'account.data_copy': 'access',
} as const satisfies Record<string, AuditStream>;
export type AuditEvent = keyof typeof AUDIT_EVENTS;

/** The stream an event is written to. */
export const streamOf = (event: AuditEvent): AuditStream => AUDIT_EVENTS[event];

/**
 * Floors of the retention settings, days: the service refuses to start below them. Three
 * calendar years (one may hold a 29 February) and six calendar months (at most 184 days).
 */
export const AUDIT_RETENTION_FLOOR_DAYS: Readonly<Record<AuditStream, number>> = { access: 1096, security: 184 };

/** The retention variables, by stream. */
export const AUDIT_RETENTION_VARIABLES: Readonly<Record<AuditStream, string>> = {
  access: 'AUDIT_RETENTION_ACCESS_DAYS',
  security: 'AUDIT_RETENTION_SECURITY_DAYS',
};

/** What happened: success, or failure with a stable snake_case reason. */
export type AuditResult = 'success' | 'failure';

/**
 * What a service hands the writer. `actor` and `subject` are references, never personal data:
 * `account:<id>`, `person:<keyed hash>`, `mobile:<keyed hash>`, `wechat:<keyed hash>`, `email:<keyed hash>`,
 * `entity:<id>`, `application:<number>`, `report:<number>`, `reviewer:<id>`, `admin`, `system`,
 * `anonymous`.
 */
export interface AuditEntry {
  event: AuditEvent;
  result: AuditResult;
  /** Why it failed (or a qualifier of a success), snake_case; null when there is nothing to say. */
  reason: string | null;
  actor: string;
  subject: string | null;
  /** The client address the service believes (request.ip), null for the service's own events. */
  ip: string | null;
  requestId: string | null;
  /** Small non-personal facts: a report number, an application's new status, a setting's value. */
  details?: Readonly<Record<string, unknown>>;
}

/** A written record: the entry with its place in the chain. Keys are written in this order. */
export interface AuditRecord extends AuditEntry {
  /** Format version: 2 carries `mac` (HMAC-SM3 under the record key), 1 was written before MACs. */
  v: 1 | 2;
  /** Position in its chain: 1, 2, 3 … across files. */
  seq: number;
  time: string;
  /** Which writer: `credit-service`, `gateway`, `review-cli`. */
  service: string;
  stream: AuditStream;
  details: Readonly<Record<string, unknown>>;
  /** The hash of the record before it (GENESIS for the first). */
  prev: string;
  /** SHA-256 of the line up to this field (audit-chain.ts). */
  hash: string;
  /** v 2: HMAC-SM3 of the line up to and with `hash` (audit-chain.ts). */
  mac?: string;
}

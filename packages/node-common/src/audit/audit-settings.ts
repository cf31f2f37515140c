import type { EnvReader } from '../env-reader.js';
import {
  AUDIT_RETENTION_FLOOR_DAYS,
  AUDIT_RETENTION_VARIABLES,
  AUDIT_STREAMS,
  type AuditStream,
} from './audit-events.js';

/** The audit trail's settings, as both services read them (docs/AUDIT.md, "Configuration"). */
export interface AuditSettings {
  /** AUDIT_DIR: where the audit files are appended. */
  dir: string;
  /** AUDIT_KEY: the key of the keyed hashes and the anchors' MACs; null: the service keeps a generated one. */
  key: string | null;
  /** AUDIT_RETENTION_ACCESS_DAYS, AUDIT_RETENTION_SECURITY_DAYS. */
  retentionDays: Record<AuditStream, number>;
  /** AUDIT_ANCHOR_INTERVAL_SECONDS: how often a moved chain head is anchored. */
  anchorIntervalSeconds: number;
}

/** Default anchor interval: five minutes. */
export const DEFAULT_AUDIT_ANCHOR_INTERVAL_SECONDS = 300;

/** Twenty years: longer retention than this is a typo, not a policy. */
const MAX_RETENTION_DAYS = 7305;

/**
 * Reads the audit settings; each bad value is one problem of the reader. The retention floors
 * are the law's (PIPL arts. 55–56, three years for records of access to personal data;
 * Cybersecurity Law, six months for the rest): a lower value is refused, never rounded up.
 */
export function readAuditSettings(read: EnvReader, defaultDir: string): AuditSettings {
  const dir = read.raw('AUDIT_DIR') ?? defaultDir;
  if (!dir.trim()) read.problem('AUDIT_DIR', 'must be a directory path');
  const retentionDays = {} as Record<AuditStream, number>;
  for (const stream of AUDIT_STREAMS) {
    const name = AUDIT_RETENTION_VARIABLES[stream];
    const floor = AUDIT_RETENTION_FLOOR_DAYS[stream];
    const raw = read.raw(name);
    const value = raw === undefined ? floor : Number(raw);
    if (!Number.isInteger(value) || value > MAX_RETENTION_DAYS) {
      read.problem(
        name,
        `must be a whole number of days from ${floor} to ${MAX_RETENTION_DAYS} (got ${JSON.stringify(raw)})`,
      );
    } else if (value < floor) {
      read.problem(
        name,
        `must be at least ${floor} days (${stream === 'access' ? 'three years: records of access to personal data, PIPL arts. 55–56' : 'six months: security logs, Cybersecurity Law'}); got ${value}`,
      );
    }
    retentionDays[stream] = value;
  }
  return {
    dir,
    // Its problems never repeat the value.
    key: read.optionalString('AUDIT_KEY', 32, 512),
    retentionDays,
    anchorIntervalSeconds: read.int('AUDIT_ANCHOR_INTERVAL_SECONDS', DEFAULT_AUDIT_ANCHOR_INTERVAL_SECONDS, 1, 86_400),
  };
}

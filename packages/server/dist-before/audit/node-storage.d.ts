import { type AuditDigests, type AuditStorage } from '@credit-portal/shared';
/** AuditStorage on a directory (created when missing, mode 0700; files 0600). */
export declare function nodeAuditStorage(dir: string): Promise<AuditStorage>;
/** SHA-256 of the chain and, with a key, the anchors' MAC (the derivation the credit-service uses). */
export declare function auditDigests(key: string | null): AuditDigests;
/**
 * The key kept in a file beside AUDIT_DIR (never among the audit files) when AUDIT_KEY is unset:
 * made once (48 random bytes, mode 0600), then read.
 */
export declare function generatedAuditKey(file: string): Promise<string>;

import type { Migration } from './migration.js';

const migration: Migration = {
  version: 17,
  name: 'report-signing-keys',
  // SM2-signed reports. Every public key that has ever signed a report, so that after a
  // rotation the old reports still verify: its id (SM3 of the SPKI DER), algorithm, PEM and the
  // time it signed from (and, once replaced, until). Only public keys: the private key stays in
  // its file (REPORT_SIGNING_KEY_FILE). credit_reports says which algorithm signed each row (rows
  // before this migration: HMAC-SHA256), the key, and the SM2 signature embedded in the PDF.
  sql: `
CREATE TABLE report_signing_keys (
  key_id TEXT PRIMARY KEY,
  algorithm TEXT NOT NULL,
  public_key_pem TEXT NOT NULL,
  valid_from TEXT NOT NULL,
  valid_to TEXT
);

ALTER TABLE credit_reports ADD COLUMN signature_algorithm TEXT NOT NULL DEFAULT 'HMAC-SHA256';
ALTER TABLE credit_reports ADD COLUMN key_id TEXT REFERENCES report_signing_keys (key_id);
ALTER TABLE credit_reports ADD COLUMN pdf_signature TEXT;
`,
};

export default migration;

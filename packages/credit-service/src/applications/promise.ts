import { createHash } from 'node:crypto';
import { REPAIR_PROMISE, repairPromiseText } from '@credit-portal/shared';
import type { NewPromise } from '../repositories/services.js';

/** SHA-256 (hex) of the current 信用修复承诺书 text: stored with each promise signed against it. */
export const REPAIR_PROMISE_SHA256 = createHash('sha256').update(repairPromiseText(), 'utf8').digest('hex');

/** The current promise as `signer` signed it (trimmed name). */
export const signedPromise = (signer: string): NewPromise => ({
  version: REPAIR_PROMISE.version,
  textSha256: REPAIR_PROMISE_SHA256,
  signer: signer.trim(),
});

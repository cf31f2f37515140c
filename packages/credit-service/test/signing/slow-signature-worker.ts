import checkSignature, { type SignatureCheckTask } from '../../src/signing/signature-check-worker.js';

/**
 * The signature-check worker, but one that never finishes a file ending in `%%HANG` — as a file
 * of some shape still unforeseen would hold it (test/signing/report-signature.test.ts).
 */
export default function slowCheck(task: SignatureCheckTask) {
  if (Buffer.from(task.file).subarray(-7).toString('latin1') === '%%HANG\n') for (;;);
  return checkSignature(task);
}

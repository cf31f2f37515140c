import checkSignature, { type SignatureCheckTask } from '../../src/signing/signature-check-worker.js';

/**
 * The signature-check worker, but one that never finishes a file ending in `%%HANG` — as a file
 * of some shape still unforeseen would hold it (test/signing/report-signature.test.ts).
 */
export default function slowCheck(task: SignatureCheckTask) {
  // Held as a loop over the file would hold it, without a core spinning meanwhile.
  if (Buffer.from(task.file).subarray(-7).toString('latin1') === '%%HANG\n')
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  return checkSignature(task);
}

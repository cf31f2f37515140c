import { PdfSignatureFormatError, readSignature, type PdfSignature } from './pdf-signature.js';
import { sm2Verify, type Sm2PublicKey } from './sm2.js';

/*
 * The CPU work of checking an uploaded report's signature, run on a thread of its own
 * (signature-checker.ts): reading the signature block and the signed Info dictionary out of
 * client bytes, and SM3 over up to the whole upload (≈ 0.2 s for 5 MiB in JavaScript). The
 * service's thread keeps answering meanwhile, and a file that takes longer than the budget costs
 * the thread, not the service.
 */

/** One file, and the published keys by id (the worker has no database). */
export interface SignatureCheckTask {
  file: Uint8Array;
  publicKeys: Readonly<Record<string, Sm2PublicKey>>;
}

export type SignatureCheckResult =
  | { ok: true; keyId: string; info: PdfSignature['info']; signedLength: number; known: boolean; valid: boolean }
  /** The block could not be read: PdfSignatureFormatError's Chinese message. */
  | { ok: false; message: string };

/** Reads the block and checks the signature with the key it names (when published). */
export default function checkSignature(task: SignatureCheckTask): SignatureCheckResult {
  try {
    const file = Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength);
    const signature = readSignature(file);
    const publicKey = Object.hasOwn(task.publicKeys, signature.keyId) ? task.publicKeys[signature.keyId] : undefined;
    return {
      ok: true,
      keyId: signature.keyId,
      info: signature.info,
      signedLength: signature.signed.length,
      known: publicKey !== undefined,
      valid: publicKey !== undefined && sm2Verify(publicKey, signature.signed, signature.signature),
    };
  } catch (error) {
    if (error instanceof PdfSignatureFormatError) return { ok: false, message: error.message };
    throw error;
  }
}

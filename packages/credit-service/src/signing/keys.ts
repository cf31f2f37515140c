import { generateKeyPairSync } from 'node:crypto';
import { isSm2PublicKey, sm2PublicKeyOf, sm3, type Sm2KeyPair, type Sm2PublicKey } from './sm2.js';

/*
 * SM2 key files as OpenSSL 3 writes them: a private key in PKCS#8 (`openssl genpkey -algorithm
 * SM2`, or `-algorithm EC -pkeyopt ec_paramgen_curve:SM2`; AlgorithmIdentifier id-ecPublicKey with
 * the sm2 curve OID 1.2.156.10197.1.301) or SEC1 (`openssl ecparam -name SM2 -genkey`), a public
 * key in SubjectPublicKeyInfo (`openssl pkey -pubout`). The few DER shapes involved are read here
 * with a small strict reader (tag, length, value; definite lengths only) rather than a general
 * ASN.1 library: every field is checked against the one structure expected. Encrypted PEM is not
 * read: keep the file readable by the service's user only.
 */

/** id-ecPublicKey (RFC 5480) and the SM2 curve (GM/T 0006: 1.2.156.10197.1.301). */
const OID_EC_PUBLIC_KEY = '06072a8648ce3d0201';
const OID_SM2 = '06082a811ccf5501822d';

interface Tlv {
  tag: number;
  value: Buffer;
  /** The whole element (tag, length, value). */
  raw: Buffer;
}

/** Reads the elements of a DER buffer in order; throws on anything malformed. */
function readAll(der: Buffer): Tlv[] {
  const out: Tlv[] = [];
  let at = 0;
  while (at < der.length) {
    const tag = der[at]!;
    let length = der[at + 1];
    if (length === undefined) throw new Error('truncated DER');
    let head = 2;
    if (length & 0x80) {
      const count = length & 0x7f;
      if (count < 1 || count > 2) throw new Error('unsupported DER length');
      length = 0;
      for (let i = 0; i < count; i += 1) length = length * 256 + der[at + 2 + i]!;
      head += count;
    }
    if (at + head + length > der.length) throw new Error('truncated DER');
    out.push({ tag, value: der.subarray(at + head, at + head + length), raw: der.subarray(at, at + head + length) });
    at += head + length;
  }
  return out;
}

const expectTag = (tlv: Tlv | undefined, tag: number, what: string): Tlv => {
  if (!tlv || tlv.tag !== tag) throw new Error(`not an SM2 key: ${what}`);
  return tlv;
};

/** The DER inside a PEM block of one of the given labels. */
function pemBody(pem: string, labels: readonly string[]): { label: string; der: Buffer } {
  const match = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/.exec(pem);
  if (!match || !labels.includes(match[1]!)) {
    throw new Error(`expected a PEM block of ${labels.join(' or ')}`);
  }
  const body = match[2]!.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body))
    throw new Error('PEM body is not base64 (an encrypted key is not supported)');
  return { label: match[1]!, der: Buffer.from(body, 'base64') };
}

/** The point of a BIT STRING public key (04 ‖ x ‖ y). */
function pointOf(bitString: Tlv): Sm2PublicKey {
  if (bitString.value[0] !== 0) throw new Error('not an SM2 key: public key bits');
  const point = bitString.value.subarray(1).toString('hex');
  if (!isSm2PublicKey(point)) throw new Error('not an SM2 key: the public key is not a point of the SM2 curve');
  return point;
}

/** d and the optional public key of a SEC1 ECPrivateKey (RFC 5915). */
function readEcPrivateKey(der: Buffer): Sm2KeyPair {
  const [sequence] = readAll(der);
  const fields = readAll(expectTag(sequence, 0x30, 'ECPrivateKey').value);
  if (expectTag(fields[0], 0x02, 'version').value.toString('hex') !== '01') throw new Error('not an SM2 key: version');
  const d = expectTag(fields[1], 0x04, 'privateKey').value;
  if (d.length !== 32) throw new Error('not an SM2 key: private key length');
  for (const field of fields.slice(2)) {
    // [0] parameters: the curve, when present, must be SM2.
    if (field.tag === 0xa0 && field.value.toString('hex') !== OID_SM2) throw new Error('not an SM2 key: curve');
  }
  const privateKey = d.toString('hex');
  const publicKey = sm2PublicKeyOf(privateKey);
  const stated = fields.find((field) => field.tag === 0xa1);
  if (stated && pointOf(expectTag(readAll(stated.value)[0], 0x03, 'publicKey')) !== publicKey) {
    throw new Error('not an SM2 key: the stated public key does not belong to the private key');
  }
  return { privateKey, publicKey };
}

/** The algorithm of a PKCS#8 or SPKI key must be id-ecPublicKey on the SM2 curve. */
function expectSm2Algorithm(algorithm: Tlv | undefined): void {
  const value = expectTag(algorithm, 0x30, 'AlgorithmIdentifier').value.toString('hex');
  if (value !== OID_EC_PUBLIC_KEY + OID_SM2)
    throw new Error('not an SM2 key: the algorithm is not EC on the SM2 curve');
}

/** An SM2 private key from a PEM file: PKCS#8 (PRIVATE KEY) or SEC1 (EC PRIVATE KEY). */
export function parsePrivateKeyPem(pem: string): Sm2KeyPair {
  // OpenSSL's `ecparam -genkey` writes a parameters block (EC or SM2 PARAMETERS) first.
  const { label, der } = pemBody(
    pem.replace(/-----BEGIN (EC|SM2) PARAMETERS-----[\s\S]*?-----END \1 PARAMETERS-----/, ''),
    ['PRIVATE KEY', 'EC PRIVATE KEY'],
  );
  if (label === 'EC PRIVATE KEY') return readEcPrivateKey(der);
  const [sequence] = readAll(der);
  const fields = readAll(expectTag(sequence, 0x30, 'PrivateKeyInfo').value);
  expectTag(fields[0], 0x02, 'version');
  expectSm2Algorithm(fields[1]);
  return readEcPrivateKey(expectTag(fields[2], 0x04, 'privateKey').value);
}

/** The SubjectPublicKeyInfo DER of an SM2 public key, as `openssl pkey -pubout -outform DER` writes it. */
export function spkiDer(publicKey: Sm2PublicKey): Buffer {
  const point = Buffer.from(publicKey, 'hex');
  const algorithm = Buffer.from(`3013${OID_EC_PUBLIC_KEY}${OID_SM2}`, 'hex');
  const bits = Buffer.concat([Buffer.from([0x03, point.length + 1, 0x00]), point]);
  const body = Buffer.concat([algorithm, bits]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

/** The public key as a PEM file (`-----BEGIN PUBLIC KEY-----`), as OpenSSL writes it. */
export function publicKeyPem(publicKey: Sm2PublicKey): string {
  const lines =
    spkiDer(publicKey)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/** An SM2 public key from a PEM file (PUBLIC KEY: SubjectPublicKeyInfo). */
export function parsePublicKeyPem(pem: string): Sm2PublicKey {
  const { der } = pemBody(pem, ['PUBLIC KEY']);
  const [sequence] = readAll(der);
  const fields = readAll(expectTag(sequence, 0x30, 'SubjectPublicKeyInfo').value);
  expectSm2Algorithm(fields[0]);
  return pointOf(expectTag(fields[1], 0x03, 'subjectPublicKey'));
}

/**
 * The key id: SM3 of the public key's SubjectPublicKeyInfo DER, hex — what
 * `openssl pkey -pubin -in key.pem -outform DER | openssl dgst -sm3` prints.
 */
export const keyFingerprint = (publicKey: Sm2PublicKey): string => sm3(spkiDer(publicKey)).toString('hex');

/** A new SM2 key pair as a PKCS#8 PEM (OpenSSL's CSPRNG; the same file `openssl genpkey -algorithm SM2` writes). */
export function generatePrivateKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'SM2' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

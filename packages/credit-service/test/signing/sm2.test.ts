import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2 } from 'sm-crypto-v2';
import {
  generatePrivateKeyPem,
  keyFingerprint,
  parsePrivateKeyPem,
  parsePublicKeyPem,
  publicKeyPem,
} from '../../src/signing/keys.js';
import {
  decodeSignature,
  encodeSignature,
  sm2Digest,
  sm2PublicKeyOf,
  sm2Sign,
  sm2Verify,
  sm3,
  SM2_DEFAULT_ID,
} from '../../src/signing/sm2.js';
import { removeDir, tempDir } from '../helper.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' }).toString();

describe('SM3 (GB/T 32905-2016, Annex A)', () => {
  it('hashes the standard examples', () => {
    // A.1: "abc"; A.2: "abcd" × 16.
    expect(sm3(bytes('abc')).toString('hex')).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
    expect(sm3(bytes('abcd'.repeat(16))).toString('hex')).toBe(
      'debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732',
    );
  });
});

describe('SM2 signature vectors', () => {
  /*
   * GM/T 0003.5-2012 and GB/T 32918.5-2017, Annex A: the signature example on the recommended
   * curve (GB/T 32918.2's own Annex A uses a test curve of its own, which sm-crypto-v2 does not
   * offer; OpenSSL's test/sm2_internal_test.c runs both). ID: the default 1234567812345678.
   */
  const d = '3945208f7b2144b13f36e38ac6d39f95889393692860b51a42fb81ef4df7c5b8';
  const k = '59276e27d506861a16680f3ad9c02dccef3cc1fa3cdbe4ce6d54b80deac1bc21';
  const r = 'f5a03b0648d2c4630eeac513e1bb81a15944da3827d5b74143ac7eaceee720b3';
  const s = 'b1b6aa29df212fd8763182bc0d421ca1bb9038fd1f7f42d4840b69c485bbc1aa';
  const message = bytes('message digest');
  const publicKey = sm2PublicKeyOf(d);

  it('signs with the standard nonce to the standard r, s', () => {
    // The library's signing core, handed the example's k (pointPool) instead of a random one.
    const x1 = BigInt(`0x${sm2.getPublicKeyFromPrivateKey(k).slice(2, 66)}`);
    const e = sm2Digest(publicKey, message, SM2_DEFAULT_ID);
    const rs = sm2.doSignature(e, d, { hash: false, der: false, pointPool: [{ k: BigInt(`0x${k}`), x1 }] });
    expect(rs).toBe(r + s);
  });

  it('verifies the standard signature and refuses it altered', () => {
    const signature = encodeSignature(BigInt(`0x${r}`), BigInt(`0x${s}`));
    expect(sm2Verify(publicKey, message, signature)).toBe(true);
    expect(sm2Verify(publicKey, bytes('message digesT'), signature)).toBe(false);
    expect(sm2Verify(publicKey, message, signature, 'ALICE123@YAHOO.COM')).toBe(false);
    expect(sm2Verify(sm2PublicKeyOf(k), message, signature)).toBe(false);
  });

  it('refuses malleable and malformed encodings', () => {
    const n = BigInt('0xFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123');
    const good = encodeSignature(BigInt(`0x${r}`), BigInt(`0x${s}`));
    expect(decodeSignature(good)).not.toBeNull();
    // s + n, r + n: out of range.
    expect(sm2Verify(publicKey, message, encodeSignature(BigInt(`0x${r}`), BigInt(`0x${s}`) + n))).toBe(false);
    expect(sm2Verify(publicKey, message, encodeSignature(BigInt(`0x${r}`) + n, BigInt(`0x${s}`)))).toBe(false);
    // r = 0, s = 0.
    expect(sm2Verify(publicKey, message, encodeSignature(0n, BigInt(`0x${s}`)))).toBe(false);
    expect(sm2Verify(publicKey, message, encodeSignature(BigInt(`0x${r}`), 0n))).toBe(false);
    // Trailing bytes, a needless leading zero, a wrong sequence length.
    expect(sm2Verify(publicKey, message, Buffer.concat([good, Buffer.from([0])]))).toBe(false);
    const padded = Buffer.from(good);
    expect(decodeSignature(Buffer.concat([Buffer.from([0x30, padded[1]! + 1]), padded.subarray(2, 4)]))).toBeNull();
    expect(sm2Verify(publicKey, message, Buffer.from('not a signature'))).toBe(false);
    // The raw r ‖ s form is not taken for DER.
    expect(sm2Verify(publicKey, message, Buffer.from(r + s, 'hex'))).toBe(false);
    // A public key off the curve.
    expect(sm2Verify(`04${'11'.repeat(64)}`, message, good)).toBe(false);
  });

  it('signs with a fresh nonce each time, and both signatures verify', () => {
    const keys = { privateKey: d, publicKey };
    const a = sm2Sign(keys, message);
    const b = sm2Sign(keys, message);
    expect(a.equals(b)).toBe(false);
    expect(sm2Verify(publicKey, message, a)).toBe(true);
    expect(sm2Verify(publicKey, message, b)).toBe(true);
  });
});

describe('OpenSSL 3 interoperability', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir();
    fs.writeFileSync(path.join(dir, 'message.bin'), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) & 255)));
  });
  afterAll(async () => removeDir(dir));

  it('reads the keys OpenSSL writes (genpkey SM2, genpkey EC SM2, ecparam) and their SPKI', () => {
    openssl(['genpkey', '-algorithm', 'SM2', '-out', 'a.pem'], dir);
    openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:SM2', '-out', 'b.pem'], dir);
    openssl(['ecparam', '-name', 'SM2', '-genkey', '-out', 'c.pem'], dir);
    for (const name of ['a', 'b', 'c']) {
      const keys = parsePrivateKeyPem(fs.readFileSync(path.join(dir, `${name}.pem`), 'utf8'));
      const pub = openssl(['pkey', '-in', `${name}.pem`, '-pubout'], dir);
      expect(parsePublicKeyPem(pub)).toBe(keys.publicKey);
      // Written back byte for byte as OpenSSL writes it, and the key id is what openssl dgst -sm3 prints.
      expect(publicKeyPem(keys.publicKey)).toBe(pub);
      fs.writeFileSync(path.join(dir, `${name}.pub`), pub);
      const printed = execFileSync(
        'sh',
        ['-c', `openssl pkey -pubin -in ${name}.pub -outform DER | openssl dgst -sm3`],
        {
          cwd: dir,
        },
      ).toString();
      expect(printed.trim().split('= ')[1]).toBe(keyFingerprint(keys.publicKey));
    }
    // A key of another curve is refused with a reason.
    openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'p256.pem'], dir);
    expect(() => parsePrivateKeyPem(fs.readFileSync(path.join(dir, 'p256.pem'), 'utf8'))).toThrow(/SM2/);
    expect(() => parsePrivateKeyPem('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n')).toThrow();
  });

  it('a library signature verifies with openssl dgst and pkeyutl (distid 1234567812345678)', () => {
    const keys = parsePrivateKeyPem(generatePrivateKeyPem());
    fs.writeFileSync(path.join(dir, 'lib.pub'), publicKeyPem(keys.publicKey));
    fs.writeFileSync(path.join(dir, 'lib.sig'), sm2Sign(keys, fs.readFileSync(path.join(dir, 'message.bin'))));
    const dgst = ['dgst', '-sm3', '-verify', 'lib.pub', '-sigopt', `distid:${SM2_DEFAULT_ID}`, '-signature', 'lib.sig'];
    expect(openssl([...dgst, 'message.bin'], dir)).toContain('Verified OK');
    const pkeyutl = [
      'pkeyutl',
      '-verify',
      '-pubin',
      '-inkey',
      'lib.pub',
      '-rawin',
      '-digest',
      'sm3',
      '-in',
      'message.bin',
    ];
    expect(openssl([...pkeyutl, '-sigfile', 'lib.sig', '-pkeyopt', `distid:${SM2_DEFAULT_ID}`], dir)).toContain(
      'Signature Verified Successfully',
    );
    // Another id, or another message, fails in OpenSSL too.
    expect(() =>
      openssl(
        ['dgst', '-sm3', '-verify', 'lib.pub', '-sigopt', 'distid:ALICE', '-signature', 'lib.sig', 'message.bin'],
        dir,
      ),
    ).toThrow();
    fs.writeFileSync(path.join(dir, 'other.bin'), 'other');
    expect(() => openssl([...dgst, 'other.bin'], dir)).toThrow();
  });

  it('an OpenSSL signature verifies in the service', () => {
    openssl(['genpkey', '-algorithm', 'SM2', '-out', 'o.pem'], dir);
    const keys = parsePrivateKeyPem(fs.readFileSync(path.join(dir, 'o.pem'), 'utf8'));
    openssl(
      ['dgst', '-sm3', '-sign', 'o.pem', '-sigopt', `distid:${SM2_DEFAULT_ID}`, '-out', 'o.sig', 'message.bin'],
      dir,
    );
    const message = fs.readFileSync(path.join(dir, 'message.bin'));
    const signature = fs.readFileSync(path.join(dir, 'o.sig'));
    expect(sm2Verify(keys.publicKey, message, signature)).toBe(true);
    expect(sm2Verify(keys.publicKey, Buffer.concat([message, Buffer.from([0])]), signature)).toBe(false);
  });
});

// adb's public key text (`BASE64 user@host`, the binary layout of libcrypto_utils android_pubkey.c) read
// strictly: a key whose sizes or numbers do not add up is "not a key", never a crash or a wrong key.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { decodeAdbPublicKey, encodeAdbPublicKey, signAuthToken, verifyAuthSignature } from '../../src/adb/auth.js';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
const spki = (k: ReturnType<typeof decodeAdbPublicKey>): string | undefined => k?.export({ format: 'pem', type: 'spki' }).toString();
const ours = spki(pair.publicKey);

/** The key's binary form, changed by `edit`, back as adb key text. */
function edited(edit: (raw: Buffer) => Buffer): string {
  const raw = Buffer.from(encodeAdbPublicKey(pair.publicKey).split(' ')[0] ?? '', 'base64');
  return `${edit(Buffer.from(raw)).toString('base64')} someone@host`;
}

describe('adb public keys', () => {
  test('the text is BASE64 then the user: glance@glance unless one is given', () => {
    const [b64, user, ...rest] = encodeAdbPublicKey(pair.publicKey).split(' ');
    assert.equal(user, 'glance@glance');
    assert.deepEqual(rest, []);
    // 2048-bit key: words, n0inv, modulus, rr, exponent.
    const raw = Buffer.from(b64 ?? '', 'base64');
    assert.equal(raw.length, 4 + 4 + 256 + 256 + 4);
    assert.equal(raw.readUInt32LE(0), 64);
    assert.equal(raw.readUInt32LE(raw.length - 4), 65537);
    assert.equal(encodeAdbPublicKey(pair.privateKey, 'me@box').split(' ')[1], 'me@box');
    // The private key (object or PEM) encodes to the same public key.
    assert.equal(encodeAdbPublicKey(pair.privateKey), encodeAdbPublicKey(pair.publicKey));
    assert.equal(
      encodeAdbPublicKey(pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()),
      encodeAdbPublicKey(pair.publicKey),
    );
  });

  test('adb keys are RSA keys: EC and Ed25519 keys are refused with a TypeError', () => {
    for (const k of [generateKeyPairSync('ec', { namedCurve: 'P-256' }), generateKeyPairSync('ed25519')]) {
      assert.throws(() => encodeAdbPublicKey(k.publicKey), { name: 'TypeError', message: 'adb keys are RSA keys' });
    }
  });

  test('whitespace around the text is ignored, as in an adbkey.pub file read whole', () => {
    const text = encodeAdbPublicKey(pair.publicKey);
    assert.equal(spki(decodeAdbPublicKey(`\n  ${text}\n`)), ours);
    assert.equal(spki(decodeAdbPublicKey(`\t${text.split(' ')[0]}`)), ours);
  });

  test('a key whose length, word count, modulus or exponent does not add up is not a key', () => {
    assert.equal(spki(decodeAdbPublicKey(edited((raw) => raw))), ours, 'unchanged, it decodes');
    const cases: Record<string, (raw: Buffer) => Buffer> = {
      'cut short by the exponent': (raw) => raw.subarray(0, raw.length - 4),
      'one word too long': (raw) => Buffer.concat([raw, Buffer.alloc(4, 1)]),
      'fewer than 12 bytes': (raw) => raw.subarray(0, 11),
      'a word count of 0 in a 12-byte key': () => Buffer.from([0, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0]),
      'a word count of 0': (raw) => (raw.writeUInt32LE(0, 0), raw),
      'a word count that does not match': (raw) => (raw.writeUInt32LE(63, 0), raw),
      'a zero modulus': (raw) => (raw.fill(0, 8, 8 + 256), raw),
      'a zero exponent': (raw) => (raw.writeUInt32LE(0, raw.length - 4), raw),
    };
    for (const [what, edit] of Object.entries(cases)) assert.equal(decodeAdbPublicKey(edited(edit)), undefined, what);
    assert.equal(decodeAdbPublicKey(''), undefined);
    assert.equal(decodeAdbPublicKey('   '), undefined);
  });

  test('a signature checked against something that is not a key, or of the wrong size, does not verify', () => {
    const token = randomBytes(20);
    const sig = signAuthToken(pair.privateKey, token);
    const key = encodeAdbPublicKey(pair.publicKey);
    assert.equal(verifyAuthSignature(key, token, sig), true);
    assert.equal(verifyAuthSignature('not a key', token, sig), false);
    assert.equal(
      verifyAuthSignature(
        edited((raw) => (raw.writeUInt32LE(0, raw.length - 4), raw)),
        token,
        sig,
      ),
      false,
    );
    assert.equal(verifyAuthSignature(key, token, sig.subarray(1)), false);
    // Signed from the PEM text, the same signature (PKCS#1 v1.5 is deterministic).
    assert.ok(signAuthToken(pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), token).equals(sig));
  });
});

/**
 * ADB RSA authentication (protocol.txt "AUTH"; libcrypto_utils android_pubkey.c for the key layout).
 * The device sends a 20-byte token; the host answers with RSA_sign(NID_sha1, token) made with its private key
 * (PKCS#1 v1.5 over the SHA-1 DigestInfo with the token standing in for the digest), or with its public key in
 * the adb binary encoding, base64, followed by " user@host":
 *   u32 modulus size in words | u32 n0inv = -1/n mod 2^32 | modulus LE | rr = (2^bits)^2 mod n LE | u32 exponent
 */

import { createPrivateKey, createPublicKey, privateEncrypt, publicDecrypt, constants, type KeyObject } from 'node:crypto';

/** DER prefix of a SHA-1 DigestInfo (RFC 8017 §9.2 note 1). */
const SHA1_DIGEST_INFO = Buffer.from('3021300906052b0e03021a05000414', 'hex');

function bytesToBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

function bigIntToLE(value: bigint, size: number): Buffer {
  const out = Buffer.alloc(size);
  let v = value;
  for (let i = 0; i < size; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

function leToBigInt(bytes: Uint8Array): bigint {
  return bytesToBigInt(Buffer.from(bytes).reverse());
}

function bigIntToBE(value: bigint): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return Buffer.from(hex, 'hex');
}

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

/** Encode a public key (any form node:crypto accepts, or the private key) in adb's binary layout, base64. */
export function encodeAdbPublicKey(key: KeyObject | string, user = 'glance@glance'): string {
  const pub = typeof key === 'string' ? createPublicKey(key) : key.type === 'private' ? createPublicKey(key) : key;
  const jwk = pub.export({ format: 'jwk' });
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new TypeError('adb keys are RSA keys');
  const nBytes = Buffer.from(jwk.n, 'base64url');
  const n = bytesToBigInt(nBytes);
  const e = Number(bytesToBigInt(Buffer.from(jwk.e, 'base64url')));
  const size = nBytes.length;
  const words = size / 4;
  const n0inv = (2n ** 32n - modInverse(n & 0xffffffffn, 2n ** 32n)) % 2n ** 32n;
  const rr = 2n ** BigInt(size * 8 * 2) % n;
  const out = Buffer.alloc(4 + 4 + size * 2 + 4);
  out.writeUInt32LE(words, 0);
  out.writeUInt32LE(Number(n0inv), 4);
  bigIntToLE(n, size).copy(out, 8);
  bigIntToLE(rr, size).copy(out, 8 + size);
  out.writeUInt32LE(e, 8 + size * 2);
  return `${out.toString('base64')} ${user}`;
}

/** Parse `BASE64 [user@host]` back to a public key; undefined when it is not a well-formed adb key. */
export function decodeAdbPublicKey(text: string): KeyObject | undefined {
  const b64 = text.trim().split(/\s+/)[0] ?? '';
  const raw = Buffer.from(b64, 'base64');
  if (raw.length < 12) return undefined;
  const words = raw.readUInt32LE(0);
  const size = words * 4;
  if (words === 0 || raw.length !== 12 + size * 2) return undefined;
  const n = leToBigInt(raw.subarray(8, 8 + size));
  const e = raw.readUInt32LE(8 + size * 2);
  if (n === 0n || e === 0) return undefined;
  try {
    return createPublicKey({
      key: { kty: 'RSA', n: bigIntToBE(n).toString('base64url'), e: bigIntToBE(BigInt(e)).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return undefined;
  }
}

/** The AUTH(SIGNATURE) payload for a device token. `privateKeyPem` is ~/.android/adbkey (PKCS#8 PEM). */
export function signAuthToken(privateKeyPem: string | KeyObject, token: Uint8Array): Buffer {
  const key = typeof privateKeyPem === 'string' ? createPrivateKey(privateKeyPem) : privateKeyPem;
  return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA1_DIGEST_INFO, token]));
}

/** Device side: does `signature` sign `token` with the adb-format public key `adbKey`? */
export function verifyAuthSignature(adbKey: string, token: Uint8Array, signature: Uint8Array): boolean {
  const key = decodeAdbPublicKey(adbKey);
  if (!key) return false;
  try {
    const plain = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
    return plain.equals(Buffer.concat([SHA1_DIGEST_INFO, token]));
  } catch {
    return false;
  }
}

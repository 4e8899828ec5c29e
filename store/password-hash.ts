import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { BoundedSemaphore } from '../core/bounded-semaphore';

// Website passwords: scrypt, its parameters stored with each hash so a hash made
// under older parameters still verifies and is replaced at the next sign-in.

/**
 * N=2^17, r=8, p=1: OWASP's current scrypt minimum. One hash needs 128·N·r =
 * 128 MiB and about a third of a second of one core.
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEYLEN = 32;
/**
 * Node refuses a hash whose 128·N·r (plus some) exceeds `maxmem`; this admits the
 * current parameters (128 MiB) with headroom. A stored hash asking for more does
 * not verify (see `parseHash`) instead of allocating gigabytes.
 */
const MAXMEM = 160 * 1024 * 1024;

/**
 * scrypt runs on libuv's thread pool (4 threads by default), the same pool the
 * `fs` media store reads on. Each process hashes at most `concurrency` passwords
 * at once, so a flood of sign-ins leaves the other threads to file I/O; tasks past
 * the queue are refused (`SemaphoreFullError`) and the website answers 429.
 */
export type PasswordHashGate = BoundedSemaphore;
export const newPasswordHashGate = (options: { concurrency: number; queueLimit: number }) => new BoundedSemaphore(options);

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || rest.length > 0) return null;
  const parsed = { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
  const isPowerOfTwo = Number.isInteger(parsed.N) && parsed.N > 1 && (parsed.N & (parsed.N - 1)) === 0;
  if (!isPowerOfTwo || !Number.isInteger(parsed.r) || parsed.r < 1 || !Number.isInteger(parsed.p) || parsed.p < 1) return null;
  if (parsed.hash.length === 0 || parsed.salt.length === 0) return null;
  // Larger than the memory bound: never verifiable here, so refused before scrypt is asked.
  if (128 * parsed.N * parsed.r > MAXMEM / 1.2) return null;
  return parsed;
}

/** `scrypt$N$r$p$<salt b64>$<hash b64>` with a fresh 16-byte salt, under the current parameters. */
export async function hashPassword(gate: PasswordHashGate, password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await gate.run(() => scryptAsync(password, salt, KEYLEN, { ...SCRYPT_PARAMS, maxmem: MAXMEM }));
  return ['scrypt', SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored` (any parameters within MAXMEM); false for a malformed hash. */
export async function verifyPassword(gate: PasswordHashGate, password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await gate.run(() => scryptAsync(password, parsed.salt, parsed.hash.length, { N: parsed.N, r: parsed.r, p: parsed.p, maxmem: MAXMEM }));
  return timingSafeEqual(key, parsed.hash);
}

/** True when `stored` was made under other parameters than the current ones (it is then replaced at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N !== SCRYPT_PARAMS.N || parsed.r !== SCRYPT_PARAMS.r || parsed.p !== SCRYPT_PARAMS.p || parsed.hash.length !== KEYLEN;
}

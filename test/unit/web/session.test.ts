import { describe, expect, it } from 'vitest';
import { parseCookies } from '../../../http/session';
import { clearedSessionCookie, csrfMatches, parseForm, sessionCookie } from '../../../web/session';
import { scryptSync } from 'node:crypto';
import { hashPassword, needsRehash, newPasswordHashGate, SCRYPT_PARAMS, verifyPassword } from '../../../store/password-hash';
import type { SessionDoc } from '../../../store/sessions';

describe('parseCookies', () => {
  it('reads name=value pairs, trims, unquotes and decodes; the first of a repeated name wins', () => {
    expect(parseCookies(' a=1; hl_session="abc"; b=x%20y; a=2; junk; =v; c=%E0')).toEqual({ a: '1', hl_session: 'abc', b: 'x y' });
  });
  it('treats prototype names as plain names', () => {
    const cookies = parseCookies('__proto__=x; constructor=y; hasOwnProperty=z');
    expect(Object.entries(cookies)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
      ['hasOwnProperty', 'z'],
    ]);
    expect(parseCookies('a=1').constructor).toBeUndefined();
  });
  it('gives nothing for a missing header', () => {
    expect(parseCookies(undefined)).toEqual({});
  });
});

describe('parseForm', () => {
  it('decodes application/x-www-form-urlencoded, plus as space; the first of a repeated field wins', () => {
    expect(parseForm('email=a%40b.c&password=p+w%26x&email=other&empty=')).toEqual({ email: 'a@b.c', password: 'p w&x', empty: '' });
  });
});

describe('parseForm with prototype names', () => {
  it('keeps __proto__ and constructor as ordinary fields and inherits nothing', () => {
    const form = parseForm('__proto__=a&constructor=b&email=c');
    expect(Object.entries(form)).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['email', 'c'],
    ]);
    expect(parseForm('email=c').toString).toBeUndefined();
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, 30 days, Secure only over https', () => {
    expect(sessionCookie('t0k', false)).toBe('hl_session=t0k; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000');
    expect(sessionCookie('t0k', true)).toBe('hl_session=t0k; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure');
    expect(clearedSessionCookie(false)).toBe('hl_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
  });
});

describe('csrfMatches', () => {
  const session = { csrf: 'token-abc' } as SessionDoc;
  it('accepts only the exact token', () => {
    expect(csrfMatches(session, 'token-abc')).toBe(true);
    expect(csrfMatches(session, 'token-abd')).toBe(false);
    expect(csrfMatches(session, 'token-ab')).toBe(false);
    expect(csrfMatches(session, undefined)).toBe(false);
    expect(csrfMatches(session, '')).toBe(false);
  });
});

describe('password hashes', () => {
  const gate = newPasswordHashGate({ concurrency: 2, queueLimit: 4 });
  /** A hash in the stored format made directly with node's scrypt under the given parameters. */
  const madeWith = (password: string, N: number) => {
    const salt = Buffer.from('0123456789abcdef');
    return ['scrypt', N, 8, 1, salt.toString('base64'), scryptSync(password, salt, 32, { N, r: 8, p: 1, maxmem: 160 * 1024 * 1024 }).toString('base64')].join(
      '$',
    );
  };

  it('are scrypt N=2^17, r=8, p=1 with the parameters stored, verify the right password only, with a fresh salt per hash', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    const first = await hashPassword(gate, 'correct horse');
    const second = await hashPassword(gate, 'correct horse');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(gate, 'correct horse', first)).toBe(true);
    expect(await verifyPassword(gate, 'correct horse', second)).toBe(true);
    expect(await verifyPassword(gate, 'correct horsE', first)).toBe(false);
    // The stored hash is exactly scrypt under the stored parameters.
    const [, , , , salt, hash] = first.split('$');
    expect(scryptSync('correct horse', Buffer.from(salt!, 'base64'), 32, { N: 131072, r: 8, p: 1, maxmem: 160 * 1024 * 1024 }).toString('base64')).toBe(hash);
    expect(needsRehash(first)).toBe(false);
  });

  it('a hash made under the old N=2^14 still verifies and is marked for replacement', async () => {
    const old = madeWith('correct horse', 16384);
    expect(await verifyPassword(gate, 'correct horse', old)).toBe(true);
    expect(await verifyPassword(gate, 'wrong horse', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('a malformed stored hash never verifies, nor one whose parameters would need more than the memory bound', async () => {
    expect(await verifyPassword(gate, 'x', '')).toBe(false);
    expect(await verifyPassword(gate, 'x', 'bcrypt$1$2$3$abc$def')).toBe(false);
    expect(await verifyPassword(gate, 'x', 'scrypt$16384$8$1$abc$')).toBe(false);
    expect(await verifyPassword(gate, 'x', 'scrypt$1000$8$1$YWJj$ZGVm')).toBe(false);
    // N=2^20 would take 1 GiB: refused before scrypt allocates any of it.
    expect(await verifyPassword(gate, 'x', 'scrypt$1048576$8$1$YWJj$ZGVm')).toBe(false);
  });
});

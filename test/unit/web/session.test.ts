import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, csrfMatches, parseCookies, parseForm, sessionCookie } from '../../../api/session';
import { hashPassword, verifyPassword, type SessionDoc } from '../../../store/sessions';

describe('parseCookies', () => {
  it('reads name=value pairs, trims, unquotes and decodes; the first of a repeated name wins', () => {
    expect(parseCookies(' a=1; hl_session="abc"; b=x%20y; a=2; junk; =v; c=%E0')).toEqual({ a: '1', hl_session: 'abc', b: 'x y' });
  });
  it('treats prototype names as plain names', () => {
    const cookies = parseCookies('__proto__=x; constructor=y; hasOwnProperty=z');
    expect(Object.entries(cookies)).toEqual([['__proto__', 'x'], ['constructor', 'y'], ['hasOwnProperty', 'z']]);
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
    expect(Object.entries(form)).toEqual([['__proto__', 'a'], ['constructor', 'b'], ['email', 'c']]);
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
  it('verify the right password only, with a fresh salt per hash', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horse', second)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
  });
  it('a malformed stored hash never verifies', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$abc$def')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$abc$')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalJson, IDEMPOTENCY_KEY } from '../../../core/canonical-json';

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ a: { d: [1, { z: 1, y: 2 }], c: null } }, '{"a":{"c":null,"d":[1,{"y":2,"z":1}]}}'],
    [{ a: undefined, b: 'x' }, '{"b":"x"}'],
    [[undefined, 'é'], '[null,"é"]'],
    [null, 'null'],
    [undefined, 'null'],
    ['s"q', '"s\\"q"'],
  ])('%j → %s', (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });
});

describe('IDEMPOTENCY_KEY', () => {
  it.each([
    ['a', true],
    ['order 42/x:y', true],
    ['~'.repeat(255), true],
    ['', false],
    ['x'.repeat(256), false],
    ['tab\there', false],
    ['ünï', false],
    ['line\nbreak', false],
  ])('%j → %s', (key, ok) => {
    expect(IDEMPOTENCY_KEY.test(key)).toBe(ok);
  });
});

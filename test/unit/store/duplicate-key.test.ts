import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { EmailTakenError, isDuplicateKey } from '../../../store/duplicate-key';

describe('isDuplicateKey', () => {
  it("is true for the driver's duplicate-key error (code 11000) and nothing else", () => {
    expect(isDuplicateKey(new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 }))).toBe(true);
    expect(isDuplicateKey(new MongoServerError({ message: 'other', code: 121 }))).toBe(false);
    expect([null, undefined, 'E11000', 11000, { code: '11000' }, new Error('duplicate key')].map(isDuplicateKey)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('names a taken email with a stable code', () => {
    const error = new EmailTakenError('a@example.com');
    expect([error.code, error.name, error.message]).toEqual(['email_taken', 'EmailTakenError', 'an account for a@example.com exists already']);
  });
});

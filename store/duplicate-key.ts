// The one reading of MongoDB's duplicate-key error (FerretDB answers the same
// code): a write that a unique index refused, e.g. `_id` or an email taken.

/** MongoDB's error code for a write that breaks a unique index. */
const DUPLICATE_KEY_CODE = 11000;

export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === DUPLICATE_KEY_CODE;
}

/** An account for this email exists already: the accounts' unique email index refused a second one. */
export class EmailTakenError extends Error {
  readonly code = 'email_taken';
  constructor(readonly email: string) {
    super(`an account for ${email} exists already`);
    this.name = 'EmailTakenError';
  }
}

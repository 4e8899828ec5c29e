import { createHash, randomBytes, randomInt } from 'node:crypto';

// Identifier and secret formats of design §1.

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export const newScanId = () => `scn_${hex(12)}`;
export const newCallId = () => `call_${hex(12)}`;
export const newAccountId = () => `acct_${hex(12)}`;
export const newSessionToken = () => hex(32);

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `sk_sig_` + 40 base62 characters, drawn without modulo bias. */
export function newApiKey(): string {
  let body = '';
  for (let i = 0; i < 40; i++) body += BASE62[randomInt(BASE62.length)];
  return `sk_sig_${body}`;
}

/** Only this hash of a key is ever stored. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** What the account page shows of a key after its one full showing. */
export const keyPrefix = (key: string) => `${key.slice(0, 11)}…`;

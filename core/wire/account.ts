// Wire schemas of the account routes (issue 22: closing an account).
import { Type, type Static } from 'typebox';

export const CloseAccountBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254, description: 'The account\'s email, to confirm the closure.' }) },
  { additionalProperties: false },
);
export type CloseAccountBody = Static<typeof CloseAccountBody>;

/** The answer while the closure still runs (past the 20 s wait): the key is dead already; the rest goes shortly. */
export const ClosingAccount = Type.Object(
  { account_id: Type.String(), status: Type.Literal('closing') },
  { additionalProperties: false },
);
export type ClosingAccount = Static<typeof ClosingAccount>;

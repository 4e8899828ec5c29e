// Wire schemas of the account routes (issue 22: closing an account, setting its password).
import { Type, type Static } from 'typebox';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, PASSWORD_RULE } from '../password-rule';

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

/** `PUT /v1/account/password`: the new password, and the current one when the account has one. */
export const ChangePasswordBody = Type.Object(
  {
    password: Type.String({ minLength: PASSWORD_MIN_CHARS, maxLength: PASSWORD_MAX_CHARS, description: `The new password: ${PASSWORD_RULE} (sign-up's rule).` }),
    current_password: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: 'The account\'s password now. Required once the account has one; an account made by `npm run account:create` sets its first with the key alone.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PasswordChanged = Type.Object(
  {
    status: Type.Union([Type.Literal('set'), Type.Literal('changed')], { description: '`set`: the account had no password before; `changed`: it replaced one.' }),
    signed_out_sessions: Type.Integer({ minimum: 0, description: 'Website sessions of the account signed out by the change (all of them: a key is not a session).' }),
  },
  { additionalProperties: false },
);
export type PasswordChanged = Static<typeof PasswordChanged>;

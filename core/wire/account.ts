// Wire schemas of the account routes (issue 22: closing an account, setting its password).
import { Type, type Static } from 'typebox';
import { MAX_RETENTION_DAYS } from '../retention';
import { nullable } from './common';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, PASSWORD_RULE } from '../password-rule';

export const CloseAccountBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, description: "The account's email, to confirm the closure." }),
    password: Type.Optional(
      Type.String({
        maxLength: 1000,
        description:
          "The account's password. Required once the account has one (every account made on the website does): the key alone cannot close an account. " +
          'Wrong ones count against the same throttle as `PUT /v1/account/password`.',
      }),
    ),
  },
  { title: 'CloseAccountRequest', additionalProperties: false },
);
export type CloseAccountBody = Static<typeof CloseAccountBody>;

/** The answer while the closure still runs (past the 20 s wait): the key is dead already; the rest goes shortly. */
export const ClosingAccount = Type.Object(
  {
    account_id: Type.String({ description: 'The account being closed.' }),
    status: Type.Literal('closing', { description: 'The key no longer works; the clean-up goes on.' }),
  },
  { title: 'ClosingAccount', description: 'The account is closing: its key no longer works and the clean-up goes on.', additionalProperties: false },
);
export type ClosingAccount = Static<typeof ClosingAccount>;

// Media retention (issue 22 item 6): `GET`/`PUT /v1/account/retention`.

// One schema with two types, not a union: the validator coerces types, and a union's first branch would turn
// null into 0 (integer first) or 0 into null (null first), so "follow the default" and "keep for good" would swap.
const retentionDays = (description: string) => nullable(Type.Integer({ minimum: 0, maximum: MAX_RETENTION_DAYS }), { description });

/** The account's media retention, and what is in force with the operator's default. */
export const RetentionSetting = Type.Object(
  {
    media_retention_days: retentionDays(
      "Days a scan's video is kept before the hourly retention run removes it (the read stays); 0 keeps videos for good; null follows the operator's default.",
    ),
    include_published: Type.Boolean({ description: "Whether published scans' videos are removed too (default false: they stay watchable)." }),
    operator_default_days: Type.Union([Type.Integer(), Type.Null()], { description: "The operator's default (`HOLDLINE_MEDIA_RETENTION_DAYS`); null: off." }),
    effective_days: Type.Union([Type.Integer(), Type.Null()], { description: 'The retention in force for this account; null: videos are kept for good.' }),
  },
  { title: 'RetentionSetting', description: "How long this account's videos are kept.", additionalProperties: false },
);
export type RetentionSetting = Static<typeof RetentionSetting>;

export const PutRetentionBody = Type.Object(
  {
    media_retention_days: retentionDays(`Days (0 to ${MAX_RETENTION_DAYS}; 0 keeps videos for good), or null for the operator's default.`),
    include_published: Type.Optional(Type.Boolean({ description: "Remove published scans' videos too; left out: false." })),
  },
  { title: 'RetentionUpdate', additionalProperties: false },
);
export type PutRetentionBody = Static<typeof PutRetentionBody>;

/** `PUT /v1/account/password`: the new password, and the current one when the account has one. */
export const ChangePasswordBody = Type.Object(
  {
    password: Type.String({
      minLength: PASSWORD_MIN_CHARS,
      maxLength: PASSWORD_MAX_CHARS,
      description: `The new password: ${PASSWORD_RULE} (sign-up's rule).`,
    }),
    current_password: Type.Optional(
      Type.String({
        maxLength: 1000,
        description:
          "The account's password now. Required once the account has one; an account made by `npm run account:create` sets its first with the key alone.",
      }),
    ),
  },
  { title: 'PasswordChange', additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PasswordChanged = Type.Object(
  {
    status: Type.Union([Type.Literal('set'), Type.Literal('changed')], {
      description: '`set`: the account had no password before; `changed`: it replaced one.',
    }),
    signed_out_sessions: Type.Integer({
      minimum: 0,
      description: 'Website sessions of the account signed out by the change (all of them: a key is not a session).',
    }),
  },
  { title: 'PasswordChanged', description: 'The website password was set or changed.', additionalProperties: false },
);
export type PasswordChanged = Static<typeof PasswordChanged>;

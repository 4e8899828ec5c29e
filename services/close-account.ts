import { badRequest } from '../core/errors';
import type { AccountDoc } from '../store/accounts';
import { confirmCurrentPassword } from './change-password';
import type { AppDeps, WorkflowOrigin } from './ports';

/** How long `DELETE /v1/account` waits for the closure before answering 202 (the key is dead already). */
export const CLOSE_WAIT_MS = 20_000;

export type CloseOutcome = 'closed' | 'closing';

/**
 * Closes the account, confirmed by its email and, when the account has a password,
 * by the password too: the key (`DELETE /v1/account`) or a session left open on a
 * shared computer (the account page) cannot close it alone, and wrong passwords count
 * against the throttle a change of password's do (services/change-password.ts). Then
 * it marks the account closing, so its key and sessions answer 401 at once, starts (or
 * joins) its `close-account-` workflow and waits up to `waitMs`: `closed` once nothing
 * of it is left; `closing` when it takes longer (a worker or store down: the workflow
 * finishes it later).
 */
export async function closeAccount(
  deps: Pick<AppDeps, 'accounts' | 'workflows' | 'sessions' | 'rateLimiter' | 'now'>,
  input: { account: AccountDoc; email: string; password?: string; waitMs?: number } & WorkflowOrigin,
): Promise<CloseOutcome> {
  // The email first: a mistyped email costs no guess at the password.
  assertEmailConfirms(input.account, input.email);
  await confirmCurrentPassword(deps, input.account._id, input.password, 'close');
  await deps.accounts.markClosing(input.account._id);
  const run = await deps.workflows.startAccountClosure({ accountId: input.account._id }, { requestId: input.requestId });
  return (await run.finished(input.waitMs ?? CLOSE_WAIT_MS)) ? 'closed' : 'closing';
}

function assertEmailConfirms(account: AccountDoc, email: string): void {
  if (!emailConfirms(account, email))
    throw badRequest('email does not match this account\'s email; send {"email": "<the account\'s email>"} to confirm', 'email');
}

/** Whether `email` names the account (any case, spaces around ignored). */
export const emailConfirms = (account: AccountDoc, email: string) => email.trim().toLowerCase() === account.email;

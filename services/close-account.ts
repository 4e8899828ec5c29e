import { badRequest } from '../core/errors';
import type { AccountDoc } from '../store/accounts';
import type { AppDeps, WorkflowOrigin } from './ports';

/** How long `DELETE /v1/account` waits for the closure before answering 202 (the key is dead already). */
export const CLOSE_WAIT_MS = 20_000;

export type CloseOutcome = 'closed' | 'closing';

/**
 * Closes the account, confirmed by its email: marks it closing first, so its key
 * and sessions answer 401 at once, then starts (or joins) its `close-account-`
 * workflow and waits up to `waitMs`. `closed` once nothing of it is left; `closing`
 * when it takes longer (a worker or store down: the workflow finishes it later).
 */
export async function closeAccount(
  deps: Pick<AppDeps, 'accounts' | 'workflows'>,
  input: { account: AccountDoc; email: string; waitMs?: number } & WorkflowOrigin,
): Promise<CloseOutcome> {
  if (input.email.trim().toLowerCase() !== input.account.email) throw badRequest('email does not match this account\'s email; send {"email": "<the account\'s email>"} to confirm', 'email');
  await deps.accounts.markClosing(input.account._id);
  const run = await deps.workflows.startAccountClosure({ accountId: input.account._id }, { requestId: input.requestId });
  return (await run.finished(input.waitMs ?? CLOSE_WAIT_MS)) ? 'closed' : 'closing';
}

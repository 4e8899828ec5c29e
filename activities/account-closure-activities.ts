import { setTimeout } from 'node:timers/promises';
import type { AccountsStore } from '../store/accounts';
import { hashSecret } from '../store/ids';
import type { CallsStore } from '../store/calls';
import type { IdempotencyStore } from '../store/idempotency';
import type { RecutsStore } from '../store/recuts';
import type { ScansStore } from '../store/scans';
import type { SessionsStore } from '../store/sessions';
import type { SubmissionsStore } from '../store/submissions';
import type { RateLimiter, UsageStore } from '../store/usage';
import { DELETION_HEARTBEAT_MS } from './deletion-activities';
import { heartbeatingEach } from './heartbeat';

/** The ports an account's closure runs on (its scans go through the deletion activities); workers/deps.ts wires the real ones. */
export interface AccountClosureActivityDeps {
  accounts: Pick<AccountsStore, 'markClosing' | 'keyHashesOf' | 'removeWithKeys'>;
  scans: Pick<ScansStore, 'idsOfAccount' | 'history'>;
  recuts: Pick<RecutsStore, 'idsOfAccount'>;
  calls: Pick<CallsStore, 'runningOfAccount' | 'removeAllOfAccount'>;
  sessions: Pick<SessionsStore, 'removeAllForAccount'>;
  idempotency: Pick<IdempotencyStore, 'deleteForAccount'>;
  usage: Pick<UsageStore, 'deleteForAccount'>;
  rateLimiter: Pick<RateLimiter, 'deleteForKeys'>;
  submissions: Pick<SubmissionsStore, 'countOfAccount'>;
  /**
   * The longest a submission can be in flight (`HOLDLINE_REQUEST_TIMEOUT_MS`, the API's whole-request
   * limit): one that began longer ago died with its API process, and is the hourly sweep's to clear.
   */
  submissionMaxMs: number;
  /** How long one `awaitCallsEnded` attempt looks before it fails and Temporal retries it. Default 10 000 ms. */
  stopPollMs?: number;
}

export type AccountClosureActivities = ReturnType<typeof createAccountClosureActivities>;

/** Each step heartbeats as a scan deletion's steps do, for the same heartbeat timeout (workflows/close-account.ts). */
export function createAccountClosureActivities(deps: AccountClosureActivityDeps) {
  return heartbeatingEach(DELETION_HEARTBEAT_MS, {
    /**
     * Marks the account closing (its key and sessions stop working) and names its
     * running chat calls. An account already gone (a retry after the last step) has none.
     */
    async markAccountClosing({ accountId }: { accountId: string }): Promise<{ runningCalls: string[] }> {
      const account = await deps.accounts.markClosing(accountId);
      if (!account) return { runningCalls: [] };
      return { runningCalls: await deps.calls.runningOfAccount(accountId) };
    },

    /** Returns once none of the account's chat calls is running; throws while one is, so Temporal retries it. */
    async awaitCallsEnded({ accountId }: { accountId: string }): Promise<void> {
      const deadline = Date.now() + (deps.stopPollMs ?? 10_000);
      for (;;) {
        if ((await deps.calls.runningOfAccount(accountId)).length === 0) return;
        if (Date.now() >= deadline) throw new Error(`chat calls of ${accountId} are still stopping`);
        await setTimeout(250);
      }
    },

    /**
     * Returns once no submission of the account that began before the closure is still
     * being received (an upload takes minutes); throws while one is, so Temporal retries it.
     * Each one, once received, sees the account closing and undoes itself (services/submit-scan.ts).
     */
    async awaitSubmissionsEnded({ accountId }: { accountId: string }): Promise<void> {
      const deadline = Date.now() + (deps.stopPollMs ?? 10_000);
      for (;;) {
        if ((await deps.submissions.countOfAccount(accountId, new Date(Date.now() - deps.submissionMaxMs))) === 0) return;
        if (Date.now() >= deadline) throw new Error(`submissions of ${accountId} are still being received`);
        await setTimeout(250);
      }
    },

    /** What is left of the account's scans and recuts (those being deleted included). */
    async listAccountWork({ accountId }: { accountId: string }): Promise<{ scanIds: string[]; recutIds: string[] }> {
      const [scanIds, recutIds] = await Promise.all([deps.scans.idsOfAccount(accountId), deps.recuts.idsOfAccount(accountId)]);
      return { scanIds, recutIds };
    },

    /**
     * Removes every record of the account but its scans: chat calls (removed, not
     * anonymised), sessions, Idempotency-Keys, usage counters, rate windows of its
     * keys, its history list, then its keys and the account document last, so a
     * retry still finds the key hashes. Idempotent.
     */
    async eraseAccountRecords({ accountId }: { accountId: string }): Promise<{ calls: number }> {
      // The key rotation throttle counts under a hash of the account id (services/account.ts).
      const keyHashes = [...(await deps.accounts.keyHashesOf(accountId)), hashSecret(`rotate-key:${accountId}`)];
      const [calls] = await Promise.all([
        deps.calls.removeAllOfAccount(accountId),
        deps.sessions.removeAllForAccount(accountId),
        deps.idempotency.deleteForAccount(accountId),
        deps.usage.deleteForAccount(accountId),
        deps.rateLimiter.deleteForKeys(keyHashes),
        deps.scans.history.dropKey(accountId),
      ]);
      await deps.accounts.removeWithKeys(accountId);
      return { calls };
    },
  });
}

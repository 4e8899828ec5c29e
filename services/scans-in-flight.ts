import { rateLimited } from '../core/errors';
import { PLANS } from '../core/plans';
import type { AccountDoc } from '../store/accounts';
import type { AppDeps } from './ports';

/**
 * What `POST /v1/scans` answers in Retry-After when the account's scans in flight are at
 * its cap: no scan's end can be foreseen, and one usually ends within a minute or two.
 */
export const SCANS_IN_FLIGHT_RETRY_SEC = 30;

/**
 * The account's scans in flight (issue 33 item 3): its queued and processing scans
 * (ScansStore.inFlightIdsOfAccount) and its submissions still being received (the
 * `submissions` notes younger than the longest request; an older one belongs to a
 * process that died), each scan id once: a submission's note and its queued scan
 * overlap for a moment.
 */
export async function scansInFlight(deps: Pick<AppDeps, 'scans' | 'submissions' | 'config'>, accountId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - deps.config.requestTimeoutMs);
  const [submitting, queued] = await Promise.all([deps.submissions.idsOfAccount(accountId, since), deps.scans.inFlightIdsOfAccount(accountId, now)]);
  return new Set([...submitting, ...queued]).size;
}

/**
 * Refuses with 429 when the account has as many scans in flight as its plan allows
 * (`HOLDLINE_SCANS_IN_FLIGHT_SIGNAL`, `…_AGENTS`; 3 and 5), so one account cannot hold
 * every worker's scan slots. `including` says the count already holds this submission
 * (checked again once its note is written, so concurrent submissions cannot all pass).
 */
export async function assertScanSlotFree(
  deps: Pick<AppDeps, 'scans' | 'submissions' | 'config'>,
  account: Pick<AccountDoc, '_id' | 'plan'>,
  now: Date,
  including = false,
): Promise<void> {
  const limit = deps.config.scansInFlight[account.plan];
  const others = (await scansInFlight(deps, account._id, now)) - (including ? 1 : 0);
  if (others < limit) return;
  throw rateLimited(
    `this account has ${others} scans in flight (queued, processing or being received) and the ${PLANS[account.plan].name} plan allows ${limit} at once; ` +
      `wait for one to end (or cancel one), then submit again`,
    SCANS_IN_FLIGHT_RETRY_SEC,
  );
}

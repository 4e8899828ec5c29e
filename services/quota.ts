import { quotaExceeded, type DomainError } from '../core/errors';
import { monthPeriod, PLANS, secondsUntil } from '../core/plans';
import type { AccountDoc } from '../store/accounts';
import type { AppDeps } from './ports';

/** The 429 for a used-up monthly counter: what ran out, when it resets, and Retry-After until then. */
export function quotaUsedUp(what: string, now: Date): DomainError {
  const { end } = monthPeriod(now);
  return quotaExceeded(`${what}; it resets on ${end.toISOString().slice(0, 10)}`, secondsUntil(now, end));
}

/**
 * Takes one unit of the account's monthly scan quota (a scan, or a recut's re-scan),
 * atomically, or refuses with 429. Whoever takes it gives it back with
 * `giveBackScanUnit` when the submission is refused after all.
 */
export async function takeScanUnit(deps: Pick<AppDeps, 'usage'>, account: AccountDoc, now: Date, why = ''): Promise<void> {
  const plan = PLANS[account.plan];
  if (!(await deps.usage.take(account._id, 'scans', plan.scansPerMonth, now))) {
    throw quotaUsedUp(`monthly scan quota of the ${plan.name} plan (${plan.scansPerMonth} scans) is used up${why}`, now);
  }
}

/** Returns the unit `takeScanUnit` took at `now` (the same month), retrying briefly. */
export function giveBackScanUnit(deps: Pick<AppDeps, 'usage'>, accountId: string, now: Date): Promise<void> {
  return retryBriefly(() => deps.usage.giveBack(accountId, 'scans', now));
}

/**
 * Runs `undo` until it succeeds, up to 5 times over about 8 s; the last error is thrown.
 * An undo often fails because the database itself is restarting, and a unit or document
 * left behind would be counted against the customer.
 */
export async function retryBriefly(undo: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await undo();
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

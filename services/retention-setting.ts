import { notFound } from '../core/errors';
import { effectiveRetentionDays } from '../core/retention';
import type { PutRetentionBody, RetentionSetting } from '../core/wire/account';
import type { AppDeps } from './ports';

// An account's media retention (issue 22 item 6): its own days, or the operator's
// default; the hourly `<prefix>-retention` run applies it (activities/retention-activities.ts).

export async function retentionSetting(deps: Pick<AppDeps, 'accounts' | 'config'>, accountId: string): Promise<RetentionSetting> {
  const account = await deps.accounts.byId(accountId);
  if (!account) throw notFound('This account no longer exists.');
  const days = account.media_retention_days ?? null;
  const operatorDefault = deps.config.mediaRetentionDays;
  return {
    media_retention_days: days,
    include_published: account.retention_includes_published ?? false,
    operator_default_days: operatorDefault,
    effective_days: effectiveRetentionDays({ days }, operatorDefault),
  };
}

export async function setRetentionSetting(deps: Pick<AppDeps, 'accounts' | 'config'>, accountId: string, body: PutRetentionBody): Promise<RetentionSetting> {
  await deps.accounts.setRetention(accountId, { days: body.media_retention_days, includePublished: body.include_published ?? false });
  return retentionSetting(deps, accountId);
}

/** What the media route, the website and a recut say of a scan whose video the retention run removed. */
export const mediaRemovedDetail = (scanId: string) => `the video of scan ${scanId} was removed by the retention setting (its read is kept)`;

// Media retention: which scans' videos the hourly retention run removes. Pure.

/** The longest retention an account may set, in days (ten years). */
export const MAX_RETENTION_DAYS = 3650;

const DAY_MS = 24 * 3600 * 1000;

/** An account's choice: `days` null follows the operator's default; 0 keeps media for good. */
export interface RetentionSetting {
  days: number | null | undefined;
  includePublished: boolean | undefined;
}

/** The retention that applies: days after which media goes, or null when it is kept for good. */
export function effectiveRetentionDays(setting: Pick<RetentionSetting, 'days'>, operatorDefaultDays: number | null): number | null {
  const days = setting.days ?? operatorDefaultDays;
  return days === null || days <= 0 ? null : days;
}

/**
 * Whether a scan's media has outlived its account's retention at `now`: older than
 * the days that apply, and not published unless the owner asked for published
 * scans too.
 */
export function mediaExpired(scan: { createdAt: Date; published: boolean }, setting: RetentionSetting, operatorDefaultDays: number | null, now: Date): boolean {
  const days = effectiveRetentionDays(setting, operatorDefaultDays);
  if (days === null) return false;
  if (scan.published && !setting.includePublished) return false;
  return now.getTime() - scan.createdAt.getTime() >= days * DAY_MS;
}

/** The oldest creation time a scan may have and keep its media, for the shortest retention in force; null when none is. */
export function retentionCutoff(daysInForce: Array<number | null>, now: Date): Date | null {
  const days = daysInForce.filter((value): value is number => value !== null && value > 0);
  if (days.length === 0) return null;
  return new Date(now.getTime() - Math.min(...days) * DAY_MS);
}

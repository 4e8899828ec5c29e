// Small display formats shared by the pages.

/** Seconds as `m:ss` (or `m:ss.s` when not whole). */
export function clock(seconds: number): string {
  const tenths = Math.round(seconds * 10);
  const m = Math.floor(tenths / 600);
  const rest = tenths - m * 600;
  const text = rest % 10 === 0 ? String(rest / 10).padStart(2, '0') : (rest / 10).toFixed(1).padStart(4, '0');
  return `${m}:${text}`;
}

/** A date (or its ISO 8601 text, as the wire rows carry it) as `2025-01-31` (UTC). */
export const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

/** A date and time as `2025-01-31 14:05 UTC`. */
export const dayTime = (date: Date | string) => `${new Date(date).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** How long before `now` a moment was, in the largest whole unit: `just now`, `5 minutes ago`, `3 hours ago`, `2 days ago`. */
export function ago(date: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const [count, unit] =
    seconds < 3600 ? [Math.floor(seconds / 60), 'minute'] : seconds < 86_400 ? [Math.floor(seconds / 3600), 'hour'] : [Math.floor(seconds / 86_400), 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

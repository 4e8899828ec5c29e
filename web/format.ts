// Small display formats shared by the pages.

/** Seconds as `m:ss` (or `m:ss.s` when not whole). */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  const whole = Number.isInteger(Math.round(s * 10) / 10) && Math.abs(s - Math.round(s)) < 0.05;
  const text = whole ? String(Math.round(s)).padStart(2, '0') : (Math.round(s * 10) / 10).toFixed(1).padStart(4, '0');
  return `${m}:${text}`;
}

/** A date as `2025-01-31` (UTC). */
export const day = (date: Date) => date.toISOString().slice(0, 10);

/** A date and time as `2025-01-31 14:05 UTC`. */
export const dayTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

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

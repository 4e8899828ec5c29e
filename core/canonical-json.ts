// A canonical JSON text: object keys sorted at every depth, so two bodies that
// differ only in key order (or whitespace) fingerprint the same.

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

/** `Idempotency-Key`: 1 to 255 printable ASCII characters (space to tilde). */
export const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

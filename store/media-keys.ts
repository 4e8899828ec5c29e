// Object ids as the backends store them, and byte ranges clamped to an object.

/** Ids are generated (`media:scn_…`); anything that could leave the directory is refused. */
export function checkId(id: string): string {
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,199}$/.test(id)) throw new Error(`not a media id: ${JSON.stringify(id)}`);
  return id.replaceAll(':', '_');
}

export const clampRange = (length: number, range?: { start: number; end: number }) => {
  const start = Math.max(0, range?.start ?? 0);
  return { start, end: Math.max(start, Math.min(length, range?.end ?? length)) };
};

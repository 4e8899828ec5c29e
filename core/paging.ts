// The rules of a list's query string, pure: which parameters a route takes, and how
// cursor and offset paging go together (issue 23 item 4).

/**
 * The query parameters of `query` that the route does not take, in the order given.
 * A filter misspelt (`stauts=error`) would otherwise be ignored and the whole list
 * served as if it had been applied.
 */
export function unknownQueryParameters(query: Record<string, unknown>, known: readonly string[]): string[] {
  return Object.keys(query).filter((name) => !known.includes(name));
}

/** The sentence a refused query gets: every unknown name, and what the route takes. */
export function unknownQueryMessage(unknown: readonly string[], known: readonly string[]): string {
  const names = unknown.map((name) => `"${name}"`).join(', ');
  const takes = known.length > 0 ? `; this route takes ${known.join(', ')}` : '; this route takes no query parameters';
  return `unknown query parameter${unknown.length > 1 ? 's' : ''} ${names}${takes}`;
}

export type PageRequest =
  | { kind: 'offset'; limit: number; offset: number }
  | { kind: 'cursor'; limit: number; startingAfter: string | null }
  /** Parameters that cannot go together; the caller answers 400 with `message`. */
  | { kind: 'refused'; message: string };

/**
 * How a history page is asked for: `starting_after` (a scan id, the previous page's
 * `next_cursor`) pages by cursor; `offset` by position; both at once contradict each
 * other. A `status` filter pages by cursor only (from the newest scan when no cursor is
 * given): an offset into a filtered list would cost a walk over every row before it.
 */
export function pageRequest(query: { limit?: number; offset?: number; starting_after?: string; status?: string }, defaultLimit: number): PageRequest {
  const limit = query.limit ?? defaultLimit;
  if (query.starting_after !== undefined && query.offset !== undefined) {
    return {
      kind: 'refused',
      message: 'give either "offset" or "starting_after", not both: starting_after continues from a scan id (the previous page\'s next_cursor)',
    };
  }
  if (query.status !== undefined && query.offset !== undefined) {
    return { kind: 'refused', message: '"status" pages by cursor: use "starting_after" (the previous page\'s next_cursor), not "offset"' };
  }
  if (query.starting_after !== undefined) return { kind: 'cursor', limit, startingAfter: query.starting_after };
  if (query.status !== undefined) return { kind: 'cursor', limit, startingAfter: null };
  return { kind: 'offset', limit, offset: query.offset ?? 0 };
}

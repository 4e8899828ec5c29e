import { describe, expect, it } from 'vitest';
import { pageRequest, unknownQueryMessage, unknownQueryParameters } from '../../../core/paging';

describe('unknown query parameters', () => {
  const known = ['limit', 'offset', 'starting_after', 'status'];
  it.each<[Record<string, unknown>, string[]]>([
    [{}, []],
    [{ limit: 5, offset: 0 }, []],
    [{ stauts: 'error' }, ['stauts']],
    [{ limit: 5, page: 2, sort: 'asc' }, ['page', 'sort']],
  ])('%j → %j', (query, unknown) => {
    expect(unknownQueryParameters(query, known)).toEqual(unknown);
  });

  it('names every unknown parameter and what the route takes', () => {
    expect(unknownQueryMessage(['stauts'], known)).toBe('unknown query parameter "stauts"; this route takes limit, offset, starting_after, status');
    expect(unknownQueryMessage(['a', 'b'], ['format'])).toBe('unknown query parameters "a", "b"; this route takes format');
    expect(unknownQueryMessage(['a'], [])).toBe('unknown query parameter "a"; this route takes no query parameters');
  });
});

describe('pageRequest', () => {
  it('pages by offset by default, with the default limit', () => {
    expect(pageRequest({}, 20)).toEqual({ kind: 'offset', limit: 20, offset: 0 });
    expect(pageRequest({ limit: 5, offset: 10 }, 20)).toEqual({ kind: 'offset', limit: 5, offset: 10 });
  });

  it('pages by cursor after a scan id, and from the newest scan when only a status is given', () => {
    expect(pageRequest({ starting_after: 'scn_1', limit: 3 }, 20)).toEqual({ kind: 'cursor', limit: 3, startingAfter: 'scn_1' });
    expect(pageRequest({ starting_after: 'scn_1', status: 'error' }, 20)).toEqual({ kind: 'cursor', limit: 20, startingAfter: 'scn_1' });
    expect(pageRequest({ status: 'complete' }, 20)).toEqual({ kind: 'cursor', limit: 20, startingAfter: null });
  });

  it('refuses offset with starting_after, and offset with status, naming them', () => {
    const both = pageRequest({ offset: 0, starting_after: 'scn_1' }, 20);
    expect(both.kind).toBe('refused');
    expect(both.kind === 'refused' && both.message).toMatch(/"offset" or "starting_after"/);
    const filtered = pageRequest({ offset: 20, status: 'queued' }, 20);
    expect(filtered.kind === 'refused' && filtered.message).toMatch(/"status".*"offset"/);
  });
});

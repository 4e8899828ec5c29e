import { describe, expect, it } from 'vitest';
import { effectiveRetentionDays, mediaExpired, retentionCutoff } from '../../../core/retention';

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-06-30T00:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe('media retention', () => {
  it.each([
    [{ days: null }, null, null],
    [{ days: undefined }, 30, 30],
    [{ days: 7 }, 30, 7],
    [{ days: 0 }, 30, null],
    [{ days: null }, 0, null],
  ])('account %o with operator default %s keeps media for %s days', (setting, operator, expected) => {
    expect(effectiveRetentionDays(setting, operator)).toBe(expected);
  });

  it('removes media exactly at the retention age, never earlier', () => {
    const setting = { days: 7, includePublished: false };
    expect(mediaExpired({ createdAt: ago(7), published: false }, setting, null, now)).toBe(true);
    expect(mediaExpired({ createdAt: new Date(ago(7).getTime() + 1), published: false }, setting, null, now)).toBe(false);
  });

  it("keeps a published scan's media unless the owner included published scans", () => {
    expect(mediaExpired({ createdAt: ago(100), published: true }, { days: 7, includePublished: false }, null, now)).toBe(false);
    expect(mediaExpired({ createdAt: ago(100), published: true }, { days: 7, includePublished: true }, null, now)).toBe(true);
  });

  it('with retention off nothing expires; the cutoff follows the shortest retention in force', () => {
    expect(mediaExpired({ createdAt: ago(10_000), published: false }, { days: undefined, includePublished: undefined }, null, now)).toBe(false);
    expect(retentionCutoff([null, 30, 7], now)).toEqual(ago(7));
    expect(retentionCutoff([null, 0], now)).toBeNull();
  });
});

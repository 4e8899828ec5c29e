// The hourly media retention run over fake stores (issue 33 item 9): it asks for each
// account's own old scans by date, in pages, and only for accounts with a retention in
// force; it never reads the whole history. What it removes follows each account's setting.
import { describe, expect, it } from 'vitest';
import { createRetentionActivities, RETENTION_PAGE } from '../../../activities/retention-activities';
import type { AccountDoc } from '../../../store/accounts';
import type { ScanDoc } from '../../../store/scan-docs';

const DAY = 86_400_000;
const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number, plusMs = 0) => new Date(now.getTime() - days * DAY + plusMs);

type Account = Pick<AccountDoc, '_id' | 'media_retention_days' | 'retention_includes_published' | 'closing_at'>;
type Scan = Pick<ScanDoc, '_id' | 'account_id' | 'created_at' | 'published_at' | 'status' | 'media_removed_at' | 'deleted_at'>;

/** Stores that answer the run's page queries as the real ones filter and sort, and record every query. */
function fakeStores(accounts: Account[], scans: Scan[]) {
  const accountPages: Array<{ after: string | null; limit: number }> = [];
  const scanPages: Array<{ accountId: string; before: Date; includePublished: boolean; after?: string; limit: number }> = [];
  const removedObjects: string[] = [];
  return {
    accountPages,
    scanPages,
    removedObjects,
    deps: {
      accounts: {
        retentionSettingsPage: async (after: string | null, limit: number) => {
          accountPages.push({ after, limit });
          return [...accounts]
            .sort((a, b) => a._id.localeCompare(b._id))
            .filter((a) => after === null || a._id > after)
            .slice(0, limit);
        },
      },
      scans: {
        mediaRetentionPage: async (
          accountId: string,
          before: Date,
          options: { includePublished: boolean; after?: { created_at: Date; _id: string }; limit: number },
        ) => {
          scanPages.push({ accountId, before, includePublished: options.includePublished, after: options.after?._id, limit: options.limit });
          const key = (s: { created_at: Date; _id: string }) => `${s.created_at.toISOString()}|${s._id}`;
          return scans
            .filter(
              (s) =>
                s.account_id === accountId &&
                s.created_at < before &&
                (s.status === 'complete' || s.status === 'error') &&
                !s.media_removed_at &&
                !s.deleted_at &&
                (options.includePublished || !s.published_at) &&
                (!options.after || key(s) > key(options.after)),
            )
            .sort((a, b) => key(a).localeCompare(key(b)))
            .slice(0, options.limit);
        },
        markMediaRemoved: async (scanId: string, at: Date) => {
          const scan = scans.find((s) => s._id === scanId)!;
          scan.media_removed_at = at;
          return true;
        },
      },
      media: {
        media: 'media' as const,
        audio: 'audio' as const,
        remove: async (bucket: string, id: string) => {
          removedObjects.push(`${bucket}/${id}`);
        },
      },
      mediaCache: { drop: async () => undefined },
      operatorDefaultDays: null,
      now: () => now,
    },
  };
}

const scan = (id: string, accountId: string, createdAt: Date, extra: Partial<Scan> = {}): Scan => ({
  _id: id,
  account_id: accountId,
  created_at: createdAt,
  status: 'complete',
  ...extra,
});

describe('the hourly retention run', () => {
  it("reads only accounts with a retention, each by date and in pages, and removes exactly what each account's setting expires", async () => {
    const accounts: Account[] = [
      { _id: 'acct_a', media_retention_days: 1 },
      { _id: 'acct_b' },
      { _id: 'acct_c', media_retention_days: 30, retention_includes_published: true },
      { _id: 'acct_d', media_retention_days: 1, closing_at: now },
      { _id: 'acct_e', media_retention_days: 0 },
    ];
    const scans: Scan[] = [
      // acct_a: 450 old ended scans (three pages), one in flight, one published, one too young.
      ...Array.from({ length: 450 }, (_, i) => scan(`scn_a${String(i).padStart(3, '0')}`, 'acct_a', daysAgo(3, i))),
      scan('scn_a_running', 'acct_a', daysAgo(3), { status: 'processing' }),
      scan('scn_a_published', 'acct_a', daysAgo(3), { published_at: daysAgo(2) }),
      scan('scn_a_young', 'acct_a', daysAgo(0.5)),
      // acct_b has no retention (none by default either): its history is never read.
      ...Array.from({ length: 1000 }, (_, i) => scan(`scn_b${i}`, 'acct_b', daysAgo(400, i))),
      scan('scn_c_old', 'acct_c', daysAgo(31)),
      scan('scn_c_published', 'acct_c', daysAgo(31), { published_at: daysAgo(30) }),
      scan('scn_c_new', 'acct_c', daysAgo(29)),
      scan('scn_d_old', 'acct_d', daysAgo(5)),
      scan('scn_e_old', 'acct_e', daysAgo(900)),
    ];
    const stores = fakeStores(accounts, scans);
    const { removed } = await createRetentionActivities(stores.deps as never).applyMediaRetention();
    expect(removed.sort()).toEqual([...Array.from({ length: 450 }, (_, i) => `scn_a${String(i).padStart(3, '0')}`), 'scn_c_old', 'scn_c_published'].sort());
    expect(stores.removedObjects).toHaveLength(removed.length * 2);
    expect(stores.accountPages).toEqual([{ after: null, limit: RETENTION_PAGE }]);
    expect(stores.scanPages).toEqual([
      { accountId: 'acct_a', before: daysAgo(1), includePublished: false, after: undefined, limit: 200 },
      { accountId: 'acct_a', before: daysAgo(1), includePublished: false, after: 'scn_a199', limit: 200 },
      { accountId: 'acct_a', before: daysAgo(1), includePublished: false, after: 'scn_a399', limit: 200 },
      { accountId: 'acct_c', before: daysAgo(30), includePublished: true, after: undefined, limit: 200 },
    ]);
  });

  it('walks every page of accounts, and an operator default reaches the accounts that set nothing', async () => {
    const accounts: Account[] = Array.from({ length: 450 }, (_, i) => ({ _id: `acct_${String(i).padStart(3, '0')}` }));
    const scans = [scan('scn_last', 'acct_449', daysAgo(8)), scan('scn_first', 'acct_000', daysAgo(6))];
    const stores = fakeStores(accounts, scans);
    const { removed } = await createRetentionActivities({ ...stores.deps, operatorDefaultDays: 7 } as never).applyMediaRetention();
    expect(removed).toEqual(['scn_last']);
    expect(stores.accountPages.map((page) => page.after)).toEqual([null, 'acct_199', 'acct_399']);
    expect(stores.scanPages).toHaveLength(450);
  });
});

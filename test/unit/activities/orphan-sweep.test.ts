// What outlives an account's closure (issue 33 item 2): the closure waits for the
// account's submissions still being received, and the hourly sweep removes the media
// of uploads whose API process died before they were written or undone, and names
// the scans whose account is gone for the workflow to delete.
import { describe, expect, it } from 'vitest';
import { createAccountClosureActivities } from '../../../activities/account-closure-activities';
import { createRetentionActivities } from '../../../activities/retention-activities';
import { asActivities } from '../activity-context';
import { FakeSubmissions } from '../fake-deps';

const HOUR = 3_600_000;
const now = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

function sweepDeps(input: { accounts: string[]; scans: Array<{ _id: string; account_id: string }>; submissions: FakeSubmissions }) {
  const removedObjects: string[] = [];
  const dropped: string[] = [];
  const givenBack: string[] = [];
  return {
    removedObjects,
    dropped,
    givenBack,
    deps: {
      accounts: {
        retentionSettingsPage: async () => [],
        existingIds: async (ids: string[]) => ids.filter((id) => input.accounts.includes(id)),
      },
      scans: {
        mediaRetentionPage: async () => [],
        markMediaRemoved: async () => true,
        get: async (scanId: string) => input.scans.find((scan) => scan._id === scanId) ?? null,
        accountIds: async () => [...new Set(input.scans.map((scan) => scan.account_id))],
        idsOfAccount: async (accountId: string) => input.scans.filter((scan) => scan.account_id === accountId).map((scan) => scan._id),
      },
      submissions: input.submissions,
      usage: { giveBack: async (accountId: string, counter: string, at: Date) => void givenBack.push(`${accountId} ${counter} ${at.toISOString()}`) },
      submissionMaxMs: 2 * HOUR,
      media: {
        media: 'media' as const,
        audio: 'audio' as const,
        remove: async (bucket: string, id: string) => void removedObjects.push(`${bucket}/${id}`),
      },
      mediaCache: { drop: async (scanId: string) => void dropped.push(scanId) },
      operatorDefaultDays: null,
      now: () => now,
    },
  };
}

describe('the sweep of what outlived its account', () => {
  it("removes the media of a submission older than a request can last whose scan was never written, keeps a younger one's, and forgets both records it judged", async () => {
    const submissions = new FakeSubmissions();
    await submissions.begin({ scanId: 'scn_died_mid_upload', accountId: 'acct_gone', now: ago(3 * HOUR) });
    await submissions.begin({ scanId: 'scn_written', accountId: 'acct_live', now: ago(3 * HOUR) });
    await submissions.begin({ scanId: 'scn_uploading', accountId: 'acct_live', now: ago(HOUR) });
    const sweep = sweepDeps({ accounts: ['acct_live'], scans: [{ _id: 'scn_written', account_id: 'acct_live' }], submissions });
    const swept = await createRetentionActivities(sweep.deps as never).sweepOrphans();
    expect(swept).toEqual({ abandonedUploads: ['scn_died_mid_upload'], orphanScans: [] });
    expect(sweep.removedObjects.sort()).toEqual(['audio/audio:scn_died_mid_upload', 'media/media:scn_died_mid_upload']);
    expect(sweep.dropped).toEqual(['scn_died_mid_upload']);
    expect([...submissions.docs.keys()]).toEqual(['scn_uploading']);
  });

  it('gives back the scan unit of a submission whose process died before its scan was written, in the month it was taken, and none a submission did not take', async () => {
    const submissions = new FakeSubmissions();
    // Taken on the last day of May: given back to May's counter, not June's.
    const mayEvening = new Date('2026-05-31T23:30:00Z');
    await submissions.begin({ scanId: 'scn_died_with_unit', accountId: 'acct_live', now: mayEvening, unit: true });
    await submissions.begin({ scanId: 'scn_died_retry_of_answered_key', accountId: 'acct_live', now: ago(3 * HOUR) });
    await submissions.begin({ scanId: 'scn_written_with_unit', accountId: 'acct_live', now: ago(3 * HOUR), unit: true });
    await submissions.begin({ scanId: 'scn_still_uploading', accountId: 'acct_live', now: ago(HOUR), unit: true });
    const sweep = sweepDeps({ accounts: ['acct_live'], scans: [{ _id: 'scn_written_with_unit', account_id: 'acct_live' }], submissions });
    const swept = await createRetentionActivities(sweep.deps as never).sweepOrphans();
    expect(swept.abandonedUploads.sort()).toEqual(['scn_died_retry_of_answered_key', 'scn_died_with_unit']);
    expect(sweep.givenBack).toEqual(['acct_live scans 2026-05-31T23:30:00.000Z']);
    expect([...submissions.docs.keys()]).toEqual(['scn_still_uploading']);
  });

  it('names every scan of an account that no longer exists, and none of an account still there (closing or not)', async () => {
    const scans = [
      { _id: 'scn_a1', account_id: 'acct_gone' },
      { _id: 'scn_a2', account_id: 'acct_gone' },
      { _id: 'scn_b1', account_id: 'acct_live' },
      { _id: 'scn_c1', account_id: 'acct_closing' },
    ];
    const sweep = sweepDeps({ accounts: ['acct_live', 'acct_closing'], scans, submissions: new FakeSubmissions() });
    expect(await createRetentionActivities(sweep.deps as never).sweepOrphans()).toEqual({ abandonedUploads: [], orphanScans: ['scn_a1', 'scn_a2'] });
    expect(sweep.removedObjects).toEqual([]);
  });
});

describe("an account's closure", () => {
  const closure = (submissions: FakeSubmissions) =>
    asActivities(createAccountClosureActivities({ submissions, submissionMaxMs: 2 * HOUR, stopPollMs: 300 } as never));

  it("waits for the account's submission still being received, and goes on once it ended", async () => {
    const submissions = new FakeSubmissions();
    await submissions.begin({ scanId: 'scn_in_flight', accountId: 'acct_closing', now: new Date() });
    await submissions.begin({ scanId: 'scn_other', accountId: 'acct_other', now: new Date() });
    await expect(closure(submissions).awaitSubmissionsEnded({ accountId: 'acct_closing' })).rejects.toThrow(
      'submissions of acct_closing are still being received',
    );
    setTimeout(() => void submissions.end('scn_in_flight'), 100);
    await expect(closure(submissions).awaitSubmissionsEnded({ accountId: 'acct_closing' })).resolves.toBeUndefined();
  });

  it('does not wait for a submission older than a request can last (its process died: the sweep clears it)', async () => {
    const submissions = new FakeSubmissions();
    await submissions.begin({ scanId: 'scn_dead', accountId: 'acct_closing', now: new Date(Date.now() - 3 * HOUR) });
    await expect(closure(submissions).awaitSubmissionsEnded({ accountId: 'acct_closing' })).resolves.toBeUndefined();
  });
});

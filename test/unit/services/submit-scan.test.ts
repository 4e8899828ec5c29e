import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { badRequest, DomainError } from '../../../core/errors';
import { PLANS } from '../../../core/plans';
import { submitScan } from '../../../services/submit-scan';
import { DownloadTime } from '../../../store/download-time';
import { MediaStore } from '../../../store/media';
import { accountWithKey, fakeDeps, scanDocFixture } from '../fake-deps';

function recordingLog() {
  const errors: string[] = [];
  return { errors, log: { error: (_obj: object, msg: string) => void errors.push(msg), warn: () => undefined } };
}

describe('submitScan', () => {
  it('takes a unit, stores the queued scan and starts its workflow on the Agents priority key', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps, 'agents');
    const { log } = recordingLog();
    const queued = await submitScan(deps, { account, log, receive: async () => ({ type: 'upload', filename: 'a.mp4', title: 'A' }) });
    expect(queued).toEqual({ scan_id: expect.stringMatching(/^scn_/), status: 'queued', pct: 0 });
    expect(deps.scans.docs.get(queued.scan_id)).toMatchObject({ account_id: account._id, title: 'A', priority: true, created_at: deps.now() });
    expect(deps.workflows.started).toEqual([{ kind: 'scan', input: { scanId: queued.scan_id }, priorityKey: 1 }]);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
  });

  it('refuses with 429 once the plan’s month is used up, before reading the submission', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    for (let i = 0; i < PLANS.signal.scansPerMonth; i++) await deps.usage.take(account._id, 'scans', PLANS.signal.scansPerMonth, deps.now());
    let read = false;
    const refused = submitScan(deps, {
      account,
      log: recordingLog().log,
      receive: async () => ((read = true), { type: 'upload', filename: null, title: null }),
    });
    await expect(refused).rejects.toMatchObject({ code: 'quota_exceeded', message: expect.stringContaining('resets on 2026-04-01') });
    expect(read).toBe(false);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(PLANS.signal.scansPerMonth);
  });

  it('an account closed while its upload came in gets 401, and nothing of the upload stays: media, scan, history, workflow', async () => {
    const deps = fakeDeps({ HOLDLINE_ALLOW_HOSTS: '127.0.0.5:9' });
    const { account } = await accountWithKey(deps);
    const refused = submitScan(deps, {
      account,
      log: recordingLog().log,
      receive: async (scanId) => {
        await deps.media.put('media', MediaStore.mediaId(scanId), Readable.from([Buffer.alloc(2048, 1)]), { filename: 'clip.mp4' });
        // The closure ran while the bytes arrived.
        await deps.accounts.markClosing(account._id, deps.now());
        return { type: 'upload', filename: 'clip.mp4', title: null };
      },
    });
    await expect(refused).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'this account was closed while the submission was being received; nothing of it was kept',
    });
    expect(deps.media.objects.size).toBe(0);
    expect(deps.scans.docs.size).toBe(0);
    expect(deps.workflows.started).toEqual([]);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
    // An account removed outright (its closure finished) is refused alike.
    deps.accounts.docs.delete(account._id);
    await expect(
      submitScan(deps, { account, log: recordingLog().log, receive: async () => ({ type: 'url', url: 'http://127.0.0.5:9/x.mp4', title: null }) }),
    ).rejects.toMatchObject({ code: 'unauthorized' });
    expect(deps.scans.docs.size).toBe(0);
  });

  it('is noted in flight under the account, with the unit it took, from before its first byte until it is queued or undone, so a closure can wait for it', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    const seen: unknown[] = [];
    const queued = await submitScan(deps, {
      account,
      log: recordingLog().log,
      receive: async (scanId) => {
        seen.push(deps.submissions.docs.get(scanId));
        return { type: 'upload', filename: 'a.mp4', title: null };
      },
    });
    // The unit is noted so the sweep can give it back if this process dies mid-upload (retention-activities.ts).
    expect(seen).toEqual([{ _id: queued.scan_id, account_id: account._id, started_at: deps.now(), unit: true }]);
    expect(deps.submissions.docs.size).toBe(0);
    const refused = submitScan(deps, {
      account,
      log: recordingLog().log,
      receive: async (scanId) => {
        seen.push(deps.submissions.docs.get(scanId)?.account_id);
        throw badRequest('malformed multipart body');
      },
    });
    await expect(refused).rejects.toMatchObject({ code: 'bad_request' });
    expect(seen[1]).toBe(account._id);
    expect(deps.submissions.docs.size).toBe(0);
  });

  it('a refused submission gives back the unit and removes what was stored under its id', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    const { errors, log } = recordingLog();
    const refused = submitScan(deps, {
      account,
      log,
      receive: async (scanId) => {
        await deps.media.put('media', MediaStore.mediaId(scanId), Readable.from([Buffer.from('partial')]), { filename: 'upload' });
        throw badRequest('malformed multipart body');
      },
    });
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    expect(deps.usage.of(account._id, deps.now())).toEqual({ scans: 0, calls: 0, tokens: 0 });
    expect(deps.media.objects.size).toBe(0);
    expect(deps.scans.docs.size).toBe(0);
    // The client's own mistake is not an error of ours.
    expect(errors).toEqual([]);
  });

  it('an internal failure becomes 503, is logged, and is given back; a client that left is not logged', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    deps.workflows.failWith = new Error('Temporal down');
    const { errors, log } = recordingLog();
    const receive = async () => ({ type: 'upload' as const, filename: null, title: null });
    await expect(submitScan(deps, { account, log, receive })).rejects.toMatchObject({ code: 'unavailable' });
    expect(errors).toEqual(['scan submission failed']);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
    expect(deps.scans.docs.size).toBe(0);
    await expect(submitScan(deps, { account, log, receive, abandoned: () => true })).rejects.toThrow('Temporal down');
    expect(errors).toHaveLength(1);
  });

  describe('scans in flight per account (issue 33 item 3)', () => {
    const upload = async () => ({ type: 'upload' as const, filename: 'a.mp4', title: null });

    it('refuses the Signal plan’s 4th scan in flight with 429 and Retry-After, taking no unit, writing nothing, reading nothing', async () => {
      const deps = fakeDeps();
      const { account } = await accountWithKey(deps);
      for (let i = 0; i < 3; i++) await submitScan(deps, { account, log: recordingLog().log, receive: upload });
      let read = false;
      const refused = submitScan(deps, { account, log: recordingLog().log, receive: async () => ((read = true), upload()) });
      await expect(refused).rejects.toMatchObject({
        code: 'rate_limited',
        message: expect.stringContaining('has 3 scans in flight (queued, processing or being received) and the Signal plan allows 3 at once'),
        extra: { retryAfterSec: 30 },
      });
      expect(read).toBe(false);
      expect(deps.usage.of(account._id, deps.now()).scans).toBe(3);
      expect(deps.scans.docs.size).toBe(3);
      expect(deps.submissions.docs.size).toBe(0);
      expect(deps.media.objects.size).toBe(0);
      expect(deps.workflows.started).toHaveLength(3);
    });

    it('counts queued and processing scans and submissions still being received, not ended scans nor other accounts', async () => {
      const deps = fakeDeps();
      const { account } = await accountWithKey(deps);
      const other = await accountWithKey(deps);
      scanDocFixture(deps, { scanId: 'scn_000000000000000000000001', accountId: account._id, status: 'processing' });
      scanDocFixture(deps, { scanId: 'scn_000000000000000000000002', accountId: account._id, status: 'complete' });
      scanDocFixture(deps, { scanId: 'scn_000000000000000000000003', accountId: account._id, status: 'error' });
      scanDocFixture(deps, { scanId: 'scn_000000000000000000000004', accountId: other.account._id, status: 'queued' });
      await deps.submissions.begin({ scanId: 'scn_000000000000000000000005', accountId: account._id, now: deps.now() });
      // A note older than the longest request belongs to a process that died: not counted.
      await deps.submissions.begin({
        scanId: 'scn_000000000000000000000006',
        accountId: account._id,
        now: new Date(deps.now().getTime() - deps.config.requestTimeoutMs - 1),
      });
      await submitScan(deps, { account, log: recordingLog().log, receive: upload });
      await expect(submitScan(deps, { account, log: recordingLog().log, receive: upload })).rejects.toMatchObject({ code: 'rate_limited' });
    });

    it('allows 5 on the Agents plan, and both caps follow HOLDLINE_SCANS_IN_FLIGHT_SIGNAL / _AGENTS', async () => {
      const deps = fakeDeps();
      const { account } = await accountWithKey(deps, 'agents');
      for (let i = 0; i < 5; i++) await submitScan(deps, { account, log: recordingLog().log, receive: upload });
      await expect(submitScan(deps, { account, log: recordingLog().log, receive: upload })).rejects.toMatchObject({
        code: 'rate_limited',
        message: expect.stringContaining('the Agents plan allows 5 at once'),
      });
      const configured = fakeDeps({ HOLDLINE_SCANS_IN_FLIGHT_SIGNAL: '1', HOLDLINE_SCANS_IN_FLIGHT_AGENTS: '2' });
      const signal = (await accountWithKey(configured)).account;
      const agents = (await accountWithKey(configured, 'agents')).account;
      await submitScan(configured, { account: signal, log: recordingLog().log, receive: upload });
      await expect(submitScan(configured, { account: signal, log: recordingLog().log, receive: upload })).rejects.toMatchObject({ code: 'rate_limited' });
      await submitScan(configured, { account: agents, log: recordingLog().log, receive: upload });
      await submitScan(configured, { account: agents, log: recordingLog().log, receive: upload });
      await expect(submitScan(configured, { account: agents, log: recordingLog().log, receive: upload })).rejects.toMatchObject({ code: 'rate_limited' });
    });

    it('a submission that passed the first look while another began is refused once its own note is written, and gives everything back', async () => {
      const deps = fakeDeps({ HOLDLINE_SCANS_IN_FLIGHT_SIGNAL: '1' });
      const { account } = await accountWithKey(deps);
      // A concurrent submission of the same account notes itself between this one's look and its own note.
      const begin = deps.submissions.begin.bind(deps.submissions);
      deps.submissions.begin = async (input) => {
        await begin({ scanId: 'scn_0000000000000000000000cc', accountId: account._id, now: input.now });
        deps.submissions.begin = begin;
        return begin(input);
      };
      let read = false;
      const refused = submitScan(deps, { account, log: recordingLog().log, receive: async () => ((read = true), upload()) });
      await expect(refused).rejects.toMatchObject({ code: 'rate_limited' });
      expect(read).toBe(false);
      expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
      expect([...deps.submissions.docs.keys()]).toEqual(['scn_0000000000000000000000cc']);
      expect(deps.scans.docs.size).toBe(0);
    });
  });

  describe('download time per account and hour (issue 33 item 3)', () => {
    const url = { type: 'url' as const, url: 'http://127.0.0.5:9/v.mp4', title: null };

    it('refuses a URL scan with 429 until the window ends once the hour’s download seconds are spent, taking nothing; an upload passes', async () => {
      const deps = fakeDeps({ HOLDLINE_ALLOW_HOSTS: '127.0.0.5:9', HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR: '60' });
      const { account } = await accountWithKey(deps);
      const time = new DownloadTime(deps.rateLimiter);
      // 12:00 on the fake clock: the window runs to 13:00.
      await time.record(account._id, 59.5, deps.now());
      await submitScan(deps, { account, log: recordingLog().log, expects: 'url', receive: async () => url });
      await time.record(account._id, 0.5, deps.now());
      deps.clock.advance(10 * 60_000);
      let read = false;
      const refused = submitScan(deps, { account, log: recordingLog().log, expects: 'url', receive: async () => ((read = true), url) });
      await expect(refused).rejects.toMatchObject({
        code: 'rate_limited',
        message: expect.stringContaining("this account's video URL downloads have used this hour's 60 seconds of download time"),
        extra: { retryAfterSec: 50 * 60 },
      });
      expect(read).toBe(false);
      expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
      expect(deps.scans.docs.size).toBe(1);
      expect(deps.submissions.docs.size).toBe(0);
      // Uploads are not downloads.
      await submitScan(deps, {
        account,
        log: recordingLog().log,
        expects: 'upload',
        receive: async () => ({ type: 'upload', filename: 'a.mp4', title: null }),
      });
      expect(deps.scans.docs.size).toBe(2);
      // Another account's window is its own; the next hour's window is empty.
      const other = (await accountWithKey(deps)).account;
      await submitScan(deps, { account: other, log: recordingLog().log, expects: 'url', receive: async () => url });
      deps.clock.advance(50 * 60_000);
      await submitScan(deps, { account, log: recordingLog().log, expects: 'url', receive: async () => url });
    });

    it('a caller that did not say what it sends is refused once the URL is read, and gets everything back', async () => {
      const deps = fakeDeps({ HOLDLINE_ALLOW_HOSTS: '127.0.0.5:9', HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR: '1' });
      const { account } = await accountWithKey(deps);
      await new DownloadTime(deps.rateLimiter).record(account._id, 1, deps.now());
      await expect(submitScan(deps, { account, log: recordingLog().log, receive: async () => url })).rejects.toMatchObject({ code: 'rate_limited' });
      expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
      expect(deps.scans.docs.size).toBe(0);
      expect(deps.submissions.docs.size).toBe(0);
      expect(deps.workflows.started).toEqual([]);
    });
  });
});

// The monthly counters roll over on the 1st at 00:00 UTC, December into January included,
// seen through the API (GET /v1/usage, POST /v1/scans) with the service's clock injected
// (`deps.now`, which every route reads per request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, PLANS } from '../../../core/plans';
import { ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';

let service: Service;
let clock: Date;
const scansPerMonth = PLANS.signal.scansPerMonth;

beforeAll(async () => {
  // No workers: a scan accepted here stays queued and is terminated at the end.
  service = await startService({ inProcessWorkers: false, env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*' } });
  service.deps.now = () => new Date(clock);
});
afterAll(async () => service?.stop());

async function usedUp(accountId: string, at: Date) {
  for (let i = 0; i < scansPerMonth; i++) expect(await service.deps.usage.take(accountId, 'scans', scansPerMonth, at)).toBe(true);
  for (let i = 0; i < LIMITS.chatCallsPerMonth; i++) expect(await service.deps.usage.take(accountId, 'calls', LIMITS.chatCallsPerMonth, at)).toBe(true);
}

const submit = (client: ScanClient) => client.submitUrl('http://127.0.0.1:9/video.mp4');

async function forget(scanId: string) {
  await service.temporal.workflow.getHandle(`scan-${scanId}`).terminate('test cleanup');
}

describe('the month turns over on the 1st, 00:00 UTC', () => {
  it.each([
    [
      'December into January',
      '2026-12-31T23:59:59.999Z',
      '2027-01-01T00:00:00.000Z',
      { start: '2026-12-01', end: '2027-01-01' },
      { start: '2027-01-01', end: '2027-02-01' },
    ],
    [
      'February into March (a short month)',
      '2027-02-28T23:59:59.999Z',
      '2027-03-01T00:00:00.000Z',
      { start: '2027-02-01', end: '2027-03-01' },
      { start: '2027-03-01', end: '2027-04-01' },
    ],
  ])('%s: a used-up month refuses until the last millisecond, the next starts at zero', async (_, last, first, before, after) => {
    const { accountId, apiKey } = await service.createAccount();
    const client = new ScanClient(service.apiUrl, apiKey);
    clock = new Date(last);
    await usedUp(accountId, clock);

    const old = await client.request('GET', '/v1/usage');
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({
      period: { start: `${before.start}T00:00:00.000Z`, end: `${before.end}T00:00:00.000Z` },
      scans_this_month: scansPerMonth,
      scans_left: 0,
      calls_left: 0,
    });
    const refused = await submit(client);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toContain(`it resets on ${before.end}`);
    // One millisecond before the turn: the Retry-After rounds up to a whole second.
    expect(refused.headers.get('retry-after')).toBe('1');

    clock = new Date(first);
    const fresh = await client.request('GET', '/v1/usage');
    expect(fresh.body).toEqual({
      plan: 'signal',
      period: { start: `${after.start}T00:00:00.000Z`, end: `${after.end}T00:00:00.000Z` },
      calls_this_month: 0,
      calls_left: LIMITS.chatCallsPerMonth,
      tokens_used: 0,
      scans_this_month: 0,
      scans_left: scansPerMonth,
    });
    const accepted = await submit(client);
    expect(accepted.status).toBe(202);
    await forget(accepted.body.scan_id);
    expect((await client.request('GET', '/v1/usage')).body).toMatchObject({ scans_this_month: 1, scans_left: scansPerMonth - 1 });
    // The old month keeps its count; the new one holds only the new scan.
    expect((await service.deps.usage.month(accountId, new Date(last))).scans).toBe(scansPerMonth);
    expect((await service.deps.usage.month(accountId, new Date(first))).scans).toBe(1);
  });

  it('reads the month in UTC, not local time: 23:30 on 31 December at UTC−1 is already January', async () => {
    const { accountId, apiKey } = await service.createAccount();
    const client = new ScanClient(service.apiUrl, apiKey);
    await usedUp(accountId, new Date('2026-12-31T12:00:00Z'));
    clock = new Date('2026-12-31T23:30:00-01:00');
    const usage = await client.request('GET', '/v1/usage');
    expect(usage.body).toMatchObject({ period: { start: '2027-01-01T00:00:00.000Z' }, scans_this_month: 0, scans_left: scansPerMonth });
    const accepted = await submit(client);
    expect(accepted.status).toBe(202);
    await forget(accepted.body.scan_id);
    // And 00:30 on 1 January at UTC+1 is still December: refused.
    clock = new Date('2027-01-01T00:30:00+01:00');
    const refused = await submit(client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(30 * 60);
  });
});

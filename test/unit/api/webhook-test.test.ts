// POST /v1/webhooks/test over fake deps (issue 33 item 5): every request is counted
// before the address is checked, every refused address gets one sentence, and an
// account has one test in flight at a time (its lease given back when it answers).
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import type { TestDeliveryOutcome } from '../../../core/webhook';
import { LIMITS } from '../../../core/plans';
import { WEBHOOK_TEST_REFUSED } from '../../../services/test-webhook';
import { accountWithKey, fakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

// 127.0.0.5:9 stands in for a public receiver (allowed like the tests' loopback servers; nothing connects to it).
const RECEIVER = 'http://127.0.0.5:9/hook';

async function setUp() {
  const deps = fakeDeps({ HOLDLINE_ALLOW_HOSTS: '127.0.0.5:9' });
  app = await buildApp(deps);
  const owner = await accountWithKey(deps);
  const test = (url: string, auth = owner.auth) => app!.inject({ method: 'POST', url: '/v1/webhooks/test', headers: auth, payload: { url } });
  return { deps, owner, test };
}

describe('POST /v1/webhooks/test', () => {
  it('answers every refused address with the same sentence, whatever the reason', async () => {
    const { deps, test } = await setUp();
    const refusals = [];
    for (const url of ['http://10.1.2.3/hook', 'http://localhost/hook', 'http://[::1]/hook', 'ftp://example.com/hook', 'http:///nohost']) {
      const refused = await test(url);
      refusals.push({ url, status: refused.statusCode, body: refused.json() });
    }
    expect(refusals).toEqual(refusals.map(({ url }) => ({ url, status: 400, body: { detail: WEBHOOK_TEST_REFUSED } })));
    expect(deps.workflows.webhookTests).toEqual([]);
  });

  it(`counts refusals too: past ${LIMITS.scanSubmissionsPerMinute} a minute every request is 429 before its address is looked at`, async () => {
    const { test } = await setUp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.scanSubmissionsPerMinute + 2; i++) statuses.push((await test('http://10.1.2.3/hook')).statusCode);
    expect(statuses).toEqual([...Array<number>(LIMITS.scanSubmissionsPerMinute).fill(400), 429, 429]);
    const counted = await test(RECEIVER);
    expect(counted.statusCode).toBe(429);
    expect(Number(counted.headers['retry-after'])).toBeGreaterThan(0);
    expect(counted.headers['x-ratelimit-remaining']).toBe('0');
  });

  it("one test in flight per account: a second while the first waits is 429; another account's is not held up; the next goes once it answered", async () => {
    const { deps, owner, test } = await setUp();
    // Each test waits for its receiver until the test answers it.
    const receivers: Array<(outcome: TestDeliveryOutcome) => void> = [];
    const original = deps.workflows.testWebhook.bind(deps.workflows);
    deps.workflows.testWebhook = async (input) => {
      await original(input);
      return new Promise<TestDeliveryOutcome>((resolve) => receivers.push(resolve));
    };
    const first = test(RECEIVER);
    while (deps.workflows.webhookTests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await test(RECEIVER);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ detail: 'a webhook test of this account is already in flight; send the next when it has answered' });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    const other = await accountWithKey(deps);
    const theirs = test(RECEIVER, other.auth);
    while (deps.workflows.webhookTests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(deps.workflows.webhookTests.map((sent) => sent.accountId)).toEqual([owner.account._id, other.account._id]);
    for (const receive of receivers) receive({ status: 204 });
    expect((await first).json()).toMatchObject({ delivered: true, status: 204 });
    expect((await theirs).json()).toMatchObject({ delivered: true, status: 204 });
    deps.workflows.testWebhook = original;
    const next = await test(RECEIVER);
    expect(next.statusCode).toBe(200);
    expect(deps.rateLimiter.leases.size).toBe(0);
  });
});

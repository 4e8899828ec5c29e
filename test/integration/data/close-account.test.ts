import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures';
import { ONE_SCAN_TEST_MS, ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { filesUnder } from '../helpers/stored-files';

// Closing an account over the real stack, with a scan still decoding: afterwards no
// store holds anything of it, and another account is untouched.

let service: Service;

beforeAll(async () => {
  service = await startService();
});

afterAll(async () => {
  await service?.stop();
});

/** Every document of every collection that mentions any of `needles`. */
async function documentsNaming(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of await service.mongo.db.listCollections().toArray()) {
    for (const doc of await service.mongo.db.collection(name).find({}).toArray()) {
      const text = JSON.stringify(doc);
      if (needles.some((needle) => text.includes(needle))) found.push(`${name}: ${text.slice(0, 200)}`);
    }
  }
  return found;
}

describe('closing an account', () => {
  it(
    'with a scan in flight: the key dies, nothing of it is left in any store, the other account is intact, the email is free again',
    async () => {
      const doomed = await service.createAccount();
      const other = await service.createAccount();
      const email = (await service.deps.accounts.byId(doomed.accountId))!.email;
      const owner = new ScanClient(service.apiUrl, doomed.apiKey);
      const neighbour = new ScanClient(service.apiUrl, other.apiKey);
      const sample = await fixture('sample');
      const done = (await owner.upload(sample.path)).body.scan_id as string;
      const theirs = (await neighbour.upload(sample.path)).body.scan_id as string;
      expect((await owner.waitForScan(done)).scan.status).toBe('complete');
      expect((await neighbour.waitForScan(theirs)).scan.status).toBe('complete');
      const running = (await owner.upload((await fixture('bench-60s-720p')).path)).body.scan_id as string;
      await service.deps.sessions.create(doomed.accountId);

      const refused = await owner.request('DELETE', '/v1/account', { email: 'not@the.account' });
      expect(refused.status).toBe(400);
      const closed = await owner.request('DELETE', '/v1/account', { email });
      expect(closed.status).toBe(204);
      expect((await owner.request('GET', '/v1/scans')).status).toBe(401);

      expect(await documentsNaming([doomed.accountId, done, running])).toEqual([]);
      expect((await filesUnder(service.scratchRoot)).filter((path) => path.includes(done) || path.includes(running))).toEqual([]);
      expect((await service.temporal.workflow.getHandle(`scan-${running}`).describe()).status.name).toMatch(/^(CANCELLED|COMPLETED)$/);

      const neighbourScan = await neighbour.request('GET', `/v1/scans/${theirs}`);
      expect(neighbourScan.body).toMatchObject({ scan_id: theirs, status: 'complete' });
      const media = await fetch(`${service.apiUrl}/v1/scans/${theirs}/media`, { headers: { authorization: `Bearer ${other.apiKey}` } });
      expect(media.status).toBe(200);
      expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect((await documentsNaming([other.accountId])).length).toBeGreaterThan(0);

      const again = await service.deps.accounts.create({ email });
      expect(again.account.email).toBe(email);
    },
    ONE_SCAN_TEST_MS * 2,
  );
});

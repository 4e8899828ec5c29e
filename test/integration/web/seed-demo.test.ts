import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../tooling/seed-demo';
import { LibraryStore } from '../../../store/library';
import { fixture } from '../helpers/fixtures';
import { startService, type Service } from '../helpers/service';
import { insertCompleteScan } from './helpers';

// What `npm run up` does for GET /v1/demo: scan the bundled sample and feature it.

let service: Service;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => service?.stop());

const demo = async () => {
  const response = await fetch(`${service.apiUrl}/v1/demo`);
  return { status: response.status, body: (await response.json()) as { scan_id?: string; status?: string } };
};

describe('seeding the demo', () => {
  it('scans the sample, features it, and leaves an operator-featured scan alone on the next start', async () => {
    // A user's publication before seeding is not the demo.
    const user = await service.createAccount();
    const published = await insertCompleteScan(service, user.accountId, 'A user publication');
    await new LibraryStore(service.mongo.db).publish(published.scanId, user.accountId, null);
    expect((await demo()).status).toBe(503);

    const sample = await fixture('sample');
    const options = { apiUrl: service.apiUrl, mongodbUri: service.workerEnv.MONGODB_URI!, videoPath: sample.path, log: () => undefined };
    await seedDemo(options);
    const seeded = await demo();
    expect(seeded.status).toBe(200);
    expect(seeded.body.status).toBe('complete');
    expect(seeded.body.scan_id).not.toBe(published.scanId);
    const scanCount = await service.mongo.db.collection('scans').countDocuments();

    // The operator picks another scan; a restart's seeding keeps that choice and scans nothing.
    await new LibraryStore(service.mongo.db).feature(published.scanId);
    await seedDemo(options);
    expect((await demo()).body.scan_id).toBe(published.scanId);
    expect(await service.mongo.db.collection('scans').countDocuments()).toBe(scanCount);
  });
});

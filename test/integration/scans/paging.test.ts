// GET /v1/scans on the real store (FerretDB): cursor pages walk the whole history
// once while new scans arrive, the status filter, refusals; and the queued scan's shape.
// No worker runs here: accepted scans stay queued unless the test moves them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service } from '../helpers/service';
import { ScanClient } from '../helpers/scan-client';

let service: Service;
let client: ScanClient;

beforeAll(async () => {
  // 127.0.0.2 stands in for a public host: no worker fetches it.
  service = await startService({ inProcessWorkers: false, env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.2:9' } });
  client = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
});
afterAll(async () => service?.stop());

const submit = async (title: string): Promise<string> => {
  const response = await client.submitUrl('http://127.0.0.2:9/video.mp4', title);
  expect(response.status).toBe(202);
  return response.body.scan_id as string;
};

describe('GET /v1/scans by cursor', () => {
  it('walks every scan once, newest first, while new scans arrive between pages; then filters by status', async () => {
    const older: string[] = [];
    for (let i = 0; i < 7; i++) older.push(await submit(`video ${i}`));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? 'limit=3' : `limit=3&starting_after=${cursor}`;
      const page = await client.request('GET', `/v1/scans?${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((row: { scan_id: string }) => row.scan_id));
      expect(page.body.has_more).toBe(page.body.next_cursor !== null);
      cursor = page.body.next_cursor;
      pages += 1;
      // A scan accepted between pages is newer than every cursor: it never shifts what follows.
      if (cursor !== null) await submit(`arrived during page ${pages}`);
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual([...older].reverse());
    expect(pages).toBe(3);

    await service.deps.scans.fail(older[2]!, 'could not decode the video');
    const failed = await client.request('GET', '/v1/scans?status=error');
    expect(failed.body).toMatchObject({ data: [{ scan_id: older[2], status: 'error', title: 'video 2' }], has_more: false, next_cursor: null });
    const queued = await client.request('GET', `/v1/scans?status=queued&limit=2&starting_after=${older[4]}`);
    expect(queued.body.data.map((row: { scan_id: string }) => row.scan_id)).toEqual([older[3], older[1]]);
    expect(queued.body.next_cursor).toBe(older[1]);
  });

  it('answers 400 naming an unknown parameter, an unknown status, offset with starting_after, and a foreign cursor', async () => {
    const mine = await submit('mine');
    expect(await client.request('GET', '/v1/scans?stauts=error')).toMatchObject({
      status: 400,
      body: { detail: 'unknown query parameter "stauts"; this route takes limit, offset, starting_after, status' },
    });
    expect(await client.request('GET', '/v1/scans?status=running')).toMatchObject({ status: 400, body: { detail: expect.stringContaining('status') } });
    expect(await client.request('GET', `/v1/scans?offset=0&starting_after=${mine}`)).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/"offset" or "starting_after"/) },
    });
    const stranger = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
    expect(await stranger.request('GET', `/v1/scans?starting_after=${mine}`)).toMatchObject({
      status: 400,
      body: { detail: `starting_after names no scan of yours: ${mine}` },
    });
    expect((await client.request('GET', '/api/library?sort=new')).status).toBe(400);
  });

  it('shows a queued scan with its stage, title and creation time', async () => {
    const id = await submit('A title');
    const { body } = await client.request('GET', `/v1/scans/${id}`);
    expect(body).toEqual({
      scan_id: id,
      status: 'queued',
      pct: 0,
      stage: 'queued',
      title: 'A title',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      source_name: 'video.mp4',
    });
  });
});

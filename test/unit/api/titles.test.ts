// Titles are stored without control characters on every way in: a JSON scan
// submission, an upload's title part and a publication (core/title.ts strips them).
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { publishScan } from '../../../services/publish-scan';
import type { ScanDoc } from '../../../store/scan-docs';
import { accountWithKey, fakeDeps } from '../fake-deps';
import { multipart } from './multipart';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const HOSTILE = '\u001b]52;c;ZXZpbA==\u0007Launch\r\n\u001b[2J\u202eday\u009b';
const STORED = ']52;c;ZXZpbA==Launch [2Jday';

describe('titles are stored without controls', () => {
  it('POST /v1/scans (JSON)', async () => {
    const deps = fakeDeps({}, { allowHosts: ['127.0.0.1:80'] });
    app = await buildApp(deps);
    const { auth } = await accountWithKey(deps);
    const response = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: auth,
      payload: { input: { type: 'url', url: 'http://127.0.0.1/a.mp4' }, title: HOSTILE },
    });
    expect(response.statusCode).toBe(202);
    expect(deps.scans.docs.get(response.json().scan_id)?.title).toBe(STORED);
  });

  it('POST /v1/scans (upload title part)', async () => {
    const deps = fakeDeps();
    app = await buildApp(deps);
    const { auth } = await accountWithKey(deps);
    const body = multipart([
      { name: 'title', value: HOSTILE },
      { name: 'file', filename: 'clip.mp4', data: Buffer.alloc(1000, 1) },
    ]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(202);
    expect(deps.scans.docs.get(response.json().scan_id)?.title).toBe(STORED);
  });

  it('a title of controls only is no title', async () => {
    const deps = fakeDeps({}, { allowHosts: ['127.0.0.1:80'] });
    app = await buildApp(deps);
    const { auth } = await accountWithKey(deps);
    const response = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: auth,
      // A URL that names no file: no name for the title to default to either.
      payload: { input: { type: 'url', url: 'http://127.0.0.1/watch?v=1' }, title: '\u001b\u0007\u202e' },
    });
    expect(response.statusCode).toBe(202);
    expect(deps.scans.docs.get(response.json().scan_id)?.title).toBeNull();
  });

  it('publishing under a title', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    deps.scans.docs.set('scn_p', { _id: 'scn_p', scan_id: 'scn_p', account_id: account._id, status: 'complete', title: null } as unknown as ScanDoc);
    const published = await publishScan(deps, { accountId: account._id, scanId: 'scn_p', title: HOSTILE });
    expect(published).toMatchObject({ outcome: 'published' });
    expect(deps.scans.docs.get('scn_p')?.title).toBe(STORED);
  });
});

// The name of the file a scan was made from (issue 32 item 5): kept on the scan,
// shown on the read as source_name, and the title when none is given.
describe('the source file name', () => {
  async function submitted(payload: { title?: string; filename?: string; url?: string }) {
    const deps = fakeDeps({}, { allowHosts: ['127.0.0.1:80'] });
    app = await buildApp(deps);
    const { auth } = await accountWithKey(deps);
    let response;
    if (payload.url !== undefined) {
      const body = { input: { type: 'url', url: payload.url }, ...(payload.title === undefined ? {} : { title: payload.title }) };
      response = await app.inject({ method: 'POST', url: '/v1/scans', headers: auth, payload: body });
    } else {
      const body = multipart([
        ...(payload.title === undefined ? [] : [{ name: 'title', value: payload.title }]),
        { name: 'file', filename: payload.filename!, data: Buffer.alloc(1000, 1) },
      ]);
      response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    }
    expect(response.statusCode).toBe(202);
    const read = await app.inject({ url: `/v1/scans/${response.json().scan_id}`, headers: auth });
    const doc = deps.scans.docs.get(response.json().scan_id)!;
    return { stored: [doc.source_name, doc.title], shown: [read.json().source_name, read.json().title] };
  }

  it("an upload without a title keeps the file's name and takes it, without the extension, as its title", async () => {
    expect(await submitted({ filename: 'Launch day (final).mp4' })).toEqual({
      stored: ['Launch day (final).mp4', 'Launch day (final)'],
      shown: ['Launch day (final).mp4', 'Launch day (final)'],
    });
  });

  it("a given title stays; the file's name is kept as its base name, without controls", async () => {
    expect(await submitted({ filename: 'C:\\Users\\me\\talk\u0007.mov', title: 'My talk' })).toEqual({
      stored: ['talk.mov', 'My talk'],
      shown: ['talk.mov', 'My talk'],
    });
  });

  it('a URL naming a video file gives its name; one naming none gives no name and no title', async () => {
    expect(await submitted({ url: 'http://127.0.0.1/media/clip%201.webm?dl=1' })).toEqual({
      stored: ['clip 1.webm', 'clip 1'],
      shown: ['clip 1.webm', 'clip 1'],
    });
    expect(await submitted({ url: 'http://127.0.0.1/watch?v=1' })).toEqual({ stored: [null, null], shown: [null, null] });
  });
});

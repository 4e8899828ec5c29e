import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPayloadConverter } from '@temporalio/common';
import { REQUEST_ID_HEADER } from '../../../workflows/request-id-interceptors';
import { startService, type Service } from '../helpers/service';

// x-request-id on the real stack: the id a client sends comes back on the response,
// sits in the memo of the scan workflow the request started (Temporal's describe()),
// and rides in the header of the activities that workflow schedules (the worker puts
// it on their log lines). The scans' URL is unreachable: their fetch fails, which is fine.

let service: Service;
let apiKey: string;

beforeAll(async () => {
  // 127.0.0.2 stands in for a public host: no worker fetches it.
  service = await startService({ env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.2:9' } });
  ({ apiKey } = await service.createAccount());
});
afterAll(async () => service?.stop());

const submit = (headers: Record<string, string> = {}) =>
  fetch(`${service.apiUrl}/v1/scans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ input: { type: 'url', url: 'http://127.0.0.2:9/video.mp4' } }),
  });

const memoOf = async (scanId: string) => (await service.temporal.workflow.getHandle(`scan-${scanId}`).describe()).memo;

describe('x-request-id into the workflow', () => {
  it("the client's own id is answered and kept in the scan workflow's memo as request_id", async () => {
    const response = await submit({ 'x-request-id': 'client-trace.42' });
    expect(response.status).toBe(202);
    expect(response.headers.get('x-request-id')).toBe('client-trace.42');
    const { scan_id } = (await response.json()) as { scan_id: string };
    expect(await memoOf(scan_id)).toEqual({ request_id: 'client-trace.42' });
    // The worker's first activity was scheduled with the id in its header.
    const handle = service.temporal.workflow.getHandle(`scan-${scan_id}`);
    let header: unknown;
    for (let i = 0; i < 600 && header === undefined; i++) {
      const history = await handle.fetchHistory();
      const scheduled = (history.events ?? []).find((e) => e.activityTaskScheduledEventAttributes);
      const payload = scheduled?.activityTaskScheduledEventAttributes?.header?.fields?.[REQUEST_ID_HEADER];
      if (payload) header = defaultPayloadConverter.fromPayload(payload as never);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(header).toBe('client-trace.42');
  });

  it('without one (or with a malformed one) the generated id is answered and kept', async () => {
    const response = await submit({ 'x-request-id': 'not a valid id' });
    expect(response.status).toBe(202);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^req_[0-9a-f]{24}$/);
    const { scan_id } = (await response.json()) as { scan_id: string };
    expect(await memoOf(scan_id)).toEqual({ request_id: id });
  });
});

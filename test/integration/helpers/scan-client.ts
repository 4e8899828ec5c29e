import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';

/**
 * How long a test waits for one scan to end, and the vitest timeout a test that waits for
 * one needs: the wait gives its own clear error before vitest's timeout cuts the test.
 */
export const SCAN_WAIT_MS = 240_000;
export const ONE_SCAN_TEST_MS = SCAN_WAIT_MS + 60_000;

/** A minimal client of the signal interface, as a customer's script would use it. */
export class ScanClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey?: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}), ...extra };
  }

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  submitUrl(url: string, title?: string) {
    return this.request('POST', '/v1/scans', { input: { type: 'url', url }, ...(title ? { title } : {}) });
  }

  async upload(path: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', await openAsBlob(path), basename(path));
    const response = await fetch(`${this.baseUrl}/v1/scans`, { method: 'POST', headers: this.headers(), body: form });
    return { status: response.status, body: (await response.json()) as any, headers: response.headers };
  }

  /** Polls until the scan leaves the queue and processing states; records every pct seen. */
  async waitForScan(scanId: string, timeoutMs = SCAN_WAIT_MS): Promise<{ scan: any; pcts: number[] }> {
    const deadline = Date.now() + timeoutMs;
    const pcts: number[] = [];
    for (;;) {
      const { status, body } = await this.request('GET', `/v1/scans/${scanId}`);
      if (status !== 200) throw new Error(`GET /v1/scans/${scanId} → ${status} ${JSON.stringify(body)}`);
      if (body.status === 'complete' || body.status === 'error') return { scan: body, pcts };
      pcts.push(body.pct);
      if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${body.status} at ${body.pct}% after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** How a scan uploaded from `path` without a title is named (issue 32): `source_name` its file name, `title` that without the extension. */
export function namedByFile(path: string): { title: string; source_name: string } {
  const name = basename(path);
  return { title: name.replace(/\.[A-Za-z0-9]{1,8}$/, ''), source_name: name };
}

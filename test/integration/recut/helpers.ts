import { SCAN_WAIT_MS, type ScanClient } from '../helpers/scan-client';

/** How long a test waits for one recut (its render and its re-scan), and the vitest timeout such a test needs. */
export const RECUT_WAIT_MS = SCAN_WAIT_MS + 60_000;
export const ONE_RECUT_TEST_MS = RECUT_WAIT_MS + 60_000;

/** Polls a recut until it completes or fails; records every in-flight view seen. */
export async function waitForRecut(client: ScanClient, recutId: string, timeoutMs = RECUT_WAIT_MS): Promise<{ recut: any; seen: any[] }> {
  const deadline = Date.now() + timeoutMs;
  const seen: any[] = [];
  for (;;) {
    const { status, body } = await client.request('GET', `/v1/recuts/${recutId}`);
    if (status !== 200) throw new Error(`GET /v1/recuts/${recutId} → ${status} ${JSON.stringify(body)}`);
    if (body.status === 'complete' || body.status === 'error') return { recut: body, seen };
    seen.push(body);
    if (Date.now() > deadline) throw new Error(`recut ${recutId} still ${body.status} (${body.stage}, ${body.pct}%) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Seconds of `a` that overlap `b`. */
export function overlap(a: { start: number; end: number }[], b: { start: number; end: number }[]): number {
  let sum = 0;
  for (const x of a) for (const y of b) sum += Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
  return sum;
}

/** Where the joins of the kept segments fall in the recut's own timeline. */
export function joinTimes(segments: { start: number; end: number }[]): number[] {
  const joins: number[] = [];
  let t = 0;
  for (const s of segments.slice(0, -1)) {
    t += s.end - s.start;
    joins.push(t);
  }
  return joins;
}

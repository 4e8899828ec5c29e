import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleCall, startChatHarness, type ChatHarness } from '../chat/harness';
import { runHoldline, type CliRun } from '../../unit/cli/run-holdline';

// `holdline chat` spawned against the real service, its model upstream the
// scripted server on loopback.

let h: ChatHarness;

function holdline(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  return runHoldline(args, { HOLDLINE_CONFIG: '/nonexistent/holdline.json', HOLDLINE_BASE_URL: h.service.apiUrl, ...env });
}

beforeAll(async () => {
  h = await startChatHarness();
});

afterAll(async () => {
  await h?.stop();
});

describe('holdline chat', () => {
  it('streams the progress to stderr, the answer alone to stdout', async () => {
    const { apiKey } = await h.newKey();
    h.upstream.script(simpleCall('Two plus three is five.'));
    const run = await holdline(['chat', 'what is 2 + 3?'], { HOLDLINE_API_KEY: apiKey });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Two plus three is five.\n');
    expect(run.stderr).toMatch(/^accepted call_[0-9a-f]{24} \(base model base-model\); planning…\n/);
    // Not a terminal: no dim escape codes.
    expect(run.stderr).not.toMatch(/\u001b\[/);
  });

  it('--json prints the chat.completion object only', async () => {
    const { apiKey } = await h.newKey();
    h.upstream.script(simpleCall('fine'));
    const run = await holdline(['--json', 'chat', 'say fine'], { HOLDLINE_API_KEY: apiKey });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ object: 'chat.completion', choices: [{ message: { role: 'assistant', content: 'fine' } }] });
    expect(run.stderr).toBe('');
  });

  it('a refused key exits 3', async () => {
    const run = await holdline(['chat', 'hello'], { HOLDLINE_API_KEY: `sk_sig_${'z'.repeat(40)}` });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^holdline: 401/);
  });
});

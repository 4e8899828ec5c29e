// The official `openai` Python client (clients/python/requirements.txt) against the model
// interface on the embedded model, as a user points it at `npm run up`: llama-server with
// SmolLM2 behind the service, greedy sampling for repeatable answers. The Python tests
// (test/integration/clients/python/) check the client's view; here each call's `usage`
// is checked against the model server's own counts, read by a proxy in between.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMOLLM2_135M } from '../../../core/chat/embedded-model';
import { addUsage, ZERO_USAGE, type TokenUsage } from '../../../core/chat/shapes';
import { startModelServer, type ModelServer } from '../../../tooling/stack/model';
import { countingProxy, type SeenAnswer } from '../helpers/model-proxy';
import { startService, type Service } from '../helpers/service';
import { junitCases, runPython, type PythonRun, type TestCaseResult } from './run-python';

/** Three calls of plan, act and check (3 steps at most) at 24 tokens a step on a loaded 2-core machine. */
const PYTEST_BUDGET_MS = 420_000;

const PYTHON_TESTS = [
  'test_openai_client::test_a_wrong_key_is_the_clients_authentication_error',
  'test_openai_client::test_models_names_the_embedded_base_model',
  'test_openai_client::test_non_streamed_completion_names_its_base_model_and_counts_tokens',
  'test_openai_client::test_streamed_completion_ends_with_one_finish_and_the_usage_chunk',
  'test_openai_client::test_the_raw_stream_closes_with_done_after_the_usage_chunk',
];

type Run = { call_id: string; base_model: string; steps: number };
type Observed = { run: Run; usage: TokenUsage };
interface Report {
  non_streamed: Observed;
  streamed: Observed;
  raw_stream: Observed;
}

let dir: string;
let model: ModelServer;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let service: Service;
let pytest: PythonRun;
let cases: TestCaseResult[];
let report: Report;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holdline-openai-python-'));
  model = await startModelServer({ logFile: join(dir, 'model.log'), model: SMOLLM2_135M, maxTokens: 24, extraArgs: ['--temp', '0', '--seed', '1'] });
  proxy = await countingProxy(model.baseUrl.replace(/\/v1$/, ''));
  // At most plan, act and check a call (HOLDLINE_CHAT_MAX_STEPS; 15 by default, as many as the tiny model's checker
  // sends answers back): the client's view and the usage summed over the steps are tested as well over 3 steps, and
  // on a loaded machine this beforeAll ran past its 540 s with the default.
  service = await startService({
    env: { ...model.env, MODEL_BASE_URL: `${proxy.url}/v1`, HOLDLINE_UPSTREAM_HEALTH_TTL_MS: '0', HOLDLINE_CHAT_MAX_STEPS: '3' },
  });
  const { apiKey } = await service.createAccount();
  const reportPath = join(dir, 'report.json');
  pytest = await runPython(
    ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', '--junitxml', join(dir, 'junit.xml'), 'test_openai_client.py'],
    {
      HOLDLINE_OPENAI_BASE_URL: `${service.apiUrl}/v1`,
      HOLDLINE_API_KEY: apiKey,
      HOLDLINE_EXPECTED_BASE_MODEL: SMOLLM2_135M.name,
      HOLDLINE_OPENAI_REPORT: reportPath,
    },
    join(import.meta.dirname, 'python'),
  );
  cases = await junitCases(join(dir, 'junit.xml'));
  report = JSON.parse(await readFile(reportPath, 'utf8')) as Report;
}, PYTEST_BUDGET_MS + 120_000);

afterAll(async () => {
  await service?.stop();
  await proxy?.close();
  await model?.proc.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the official openai Python client on the embedded model', () => {
  it('passes every Python test: models, non-streamed, streamed with include_usage, the raw stream, a wrong key', () => {
    expect(
      cases.filter((c) => c.outcome !== 'passed'),
      pytest.stdout.slice(-4000),
    ).toEqual([]);
    expect(pytest.code).toBe(0);
    expect(cases.map((c) => c.id).sort()).toEqual(PYTHON_TESTS);
  });

  it("saw, for each call, the usage the model server counted over that call's steps", () => {
    // The calls ran one after another, so the server's answers split by each call's steps.
    const calls = [report.non_streamed, report.streamed, report.raw_stream];
    expect(proxy.answers).toHaveLength(calls.reduce((n, call) => n + call.run.steps, 0));
    let at = 0;
    for (const call of calls) {
      const answers: SeenAnswer[] = proxy.answers.slice(at, at + call.run.steps);
      at += call.run.steps;
      const counted = answers.reduce<TokenUsage>((total, a) => {
        if (!a.usage) throw new Error('the model server sent an answer without usage');
        return addUsage(total, a.usage);
      }, ZERO_USAGE);
      expect(call.usage).toEqual(counted);
      expect(call.run.base_model).toBe(SMOLLM2_135M.name);
    }
    expect(new Set(calls.map((call) => call.run.call_id)).size).toBe(3);
  });
});

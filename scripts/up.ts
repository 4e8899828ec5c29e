// Runs the whole Holdline stack in the foreground: Temporal dev server (+ Web UI),
// FerretDB, the ear (Whisper), one worker and the API, with data in `.data/`. Ctrl-C stops it all.
// A part that exits on its own is restarted with backoff (tooling/stack/supervise.ts);
// one that keeps dying (more than 5 times in a minute) stops the whole stack, except the
// model server: the signal half runs without it, so it is tried again every minute instead.
// Without MODEL_BASE_URL it also runs the embedded model server: Qwen2.5-Coder-1.5B-Instruct
// (HOLDLINE_EMBEDDED_MODEL=small: SmolLM2-135M; off: none). One that cannot start leaves the
// rest up: the banner and /readyz say why, and chat answers 503 model_unavailable.
// Ports: PORT (8080), TEMPORAL_PORT (7233), TEMPORAL_UI_PORT (8233), MONGO_PORT (27017), EAR_PORT (8710), MODEL_PORT (8088).
// HOLDLINE_TRANSCRIBER_URL points at another transcription server instead of the ear;
// HOLDLINE_TRANSCRIBER=pocketsphinx starts no ear and hears with pocketsphinx alone.
// TEMPORAL_ADDRESS / MONGODB_URI point at running servers instead of starting them.
// Under a terminal the API's and the worker's JSON logs show as one short line each
// (scripts/console-log.ts); without one they stay JSON. HOLDLINE_LOG_LEVEL=debug adds health checks and polls.
// HOLDLINE_DATA_DIR moves `.data/`. HOLDLINE_SEED_DEMO=0 skips scanning the sample video for GET /v1/demo.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { consoleLine } from './console-log';
import { portFromEnv } from './env-port';
import { makeFixtures } from '../tooling/fixtures/make';
import { REPO_ROOT } from '../tooling/repo-root';
import { modelBannerLine } from '../tooling/stack/banner';
import { MODEL_FIX_HINT, wantedEmbeddedModel } from '../tooling/stack/model';
import { formatEchoedLines } from '../tooling/stack/processes';
import { startStack, type Stack } from '../tooling/stack/start';
import { superviseStack, type Supervisor } from '../tooling/stack/supervise';

const ports = {
  api: portFromEnv('up', 'PORT', 8080),
  temporal: portFromEnv('up', 'TEMPORAL_PORT', 7233),
  temporalUi: portFromEnv('up', 'TEMPORAL_UI_PORT', 8233),
  mongo: portFromEnv('up', 'MONGO_PORT', 27017),
  ear: portFromEnv('up', 'EAR_PORT', 8710),
  model: portFromEnv('up', 'MODEL_PORT', 8088),
};

let stack: Stack | undefined;
let supervisor: Supervisor | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    supervisor?.stop();
    console.log('\nup: stopping…');
    await stack?.stop();
    console.log('up: stopped');
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

async function seed(current: Stack): Promise<void> {
  if (process.env.HOLDLINE_SEED_DEMO === '0') return;
  const seedModule = join(REPO_ROOT, 'tooling', 'seed-demo.ts');
  if (!existsSync(seedModule)) {
    console.log('up: tooling/seed-demo.ts is not there; GET /v1/demo stays empty');
    return;
  }
  const [sample] = await makeFixtures({ only: ['sample'], log: (line) => console.log(`up: fixtures: ${line}`) });
  if (!sample) return;
  const { seedDemo } = (await import('../tooling/seed-demo')) as {
    seedDemo: (options: { apiUrl: string; mongodbUri: string; videoPath: string; log?: (line: string) => void }) => Promise<void>;
  };
  await seedDemo({
    apiUrl: current.apiUrl!,
    mongodbUri: current.mongodbUri,
    videoPath: sample.path,
    log: (line) => console.log(`up: ${line}`),
  });
}

if (process.stdout.isTTY) formatEchoedLines((part, line) => consoleLine(part, line, { colour: !process.env.NO_COLOR }));

try {
  const embedded = wantedEmbeddedModel(process.env, process.env);
  console.log(`up: starting Temporal, FerretDB, the ear, ${embedded ? `the embedded model server (${embedded.name}), ` : ''}worker and API…`);
  stack = await startStack({
    dataDir: process.env.HOLDLINE_DATA_DIR || join(REPO_ROOT, '.data'),
    temporalPort: ports.temporal,
    temporalUiPort: ports.temporalUi,
    mongoPort: ports.mongo,
    apiPort: ports.api,
    earPort: ports.ear,
    ear: true,
    modelPort: ports.model,
    model: true,
    modelOptional: true,
    worker: true,
    api: true,
    echo: ['worker', 'api'],
    env: process.env,
    handleSignals: false,
  });
} catch (error) {
  console.error(`up: ${(error as Error).message}`);
  await shutdown(1);
}

const current = stack!;
const keyCommand =
  (ports.mongo !== 27017 && !process.env.MONGODB_URI ? `MONGO_PORT=${ports.mongo} ` : '') + 'npm run --silent account:create -- --email you@example.com';
// A part that dies on its own is started again; one that cannot stay up takes
// the stack down, since a half-running stack only misleads.
if (current.modelUnavailable) {
  console.error(`up: the model server could not start, so chat answers 503 model_unavailable: ${current.modelUnavailable}\nup: ${MODEL_FIX_HINT}`);
}
supervisor = superviseStack(current, {
  log: (line) => console.error(line),
  optionalParts: ['model'],
  onGiveUp: (part) => {
    console.error(`up: ${part} cannot stay up; stopping everything`);
    void shutdown(1);
  },
});

// The demo is seeded before the banner, so the banner is the last thing printed
// once everything is up and stays on screen until someone uses the stack.
try {
  await seed(current);
} catch (error) {
  if (!stopping) console.error(`up: demo seeding failed: ${(error as Error).message}`);
}
if (!stopping) {
  console.log(`
  Holdline is up.
    API          ${current.apiUrl}
    Temporal UI  ${current.temporalUiUrl ?? '(external Temporal)'}
    Temporal     ${current.temporalAddress}
    MongoDB      ${current.mongodbUri}
    Ear          ${current.transcriberUrl ?? 'pocketsphinx (HOLDLINE_TRANSCRIBER=pocketsphinx)'}
    Model        ${modelBannerLine(current)}
    Logs         ${join(current.dataDir, 'logs')}
  Get an API key (add --password '…' to sign in on the website with it too):
    ${keyCommand}
  Ctrl-C stops everything.
`);
}

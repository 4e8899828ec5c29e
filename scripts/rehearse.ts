// `npm run rehearse`: docker-compose.yml's production layout on loopback from packages
// (tooling/rehearsal.ts): PostgreSQL, the Temporal server and Web UI on it, FerretDB on
// PostgreSQL, MinIO, the ear, the model server, two workers and two API processes behind
// HAProxy, in the foreground under the supervisor of `npm run up` (tooling/stack/supervise.ts):
// a part that exits on its own is started again; one that keeps dying stops everything,
// except the model server and the Temporal UI, which the rest runs without. Ctrl-C stops it all.
// Ports: PORT (8080, the proxy), TEMPORAL_PORT (7233), TEMPORAL_UI_PORT (8233), MONGO_PORT
// (27017, FerretDB), EAR_PORT (8710), MODEL_PORT (8088), as `npm run up`'s; POSTGRES_PORT and
// MINIO_PORT (free ports unless set); the API processes and internal listeners take free ports.
// HOLDLINE_REHEARSAL_DIR moves its data (`.data/rehearsal`, kept between runs).
// HOLDLINE_SEED_DEMO=0 skips scanning the sample video through the proxy.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { consoleLine } from './console-log';
import { portFromEnv } from './env-port';
import { makeFixtures } from '../tooling/fixtures/make';
import { startRehearsal, type Rehearsal } from '../tooling/rehearsal';
import { REPO_ROOT } from '../tooling/repo-root';
import { modelBannerLine } from '../tooling/stack/banner';
import { formatEchoedLines } from '../tooling/stack/processes';
import { superviseStack, type Supervisor } from '../tooling/stack/supervise';

const ports = {
  proxy: portFromEnv('rehearse', 'PORT', 8080),
  temporal: portFromEnv('rehearse', 'TEMPORAL_PORT', 7233),
  temporalUi: portFromEnv('rehearse', 'TEMPORAL_UI_PORT', 8233),
  mongo: portFromEnv('rehearse', 'MONGO_PORT', 27017),
  ear: portFromEnv('rehearse', 'EAR_PORT', 8710),
  model: portFromEnv('rehearse', 'MODEL_PORT', 8088),
  postgres: portFromEnv('rehearse', 'POSTGRES_PORT', 0),
  minio: portFromEnv('rehearse', 'MINIO_PORT', 0),
};

let rehearsal: Rehearsal | undefined;
let supervisor: Supervisor | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    supervisor?.stop();
    console.log('\nrehearse: stopping…');
    // Before the rehearsal is up, the stack's exit handler ends whatever was started.
    await rehearsal?.stack.stop();
    console.log('rehearse: stopped');
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

if (process.stdout.isTTY) formatEchoedLines((part, line) => consoleLine(part.replace(/-\d+$/, ''), line, { colour: !process.env.NO_COLOR }));

const started = Date.now();
try {
  console.log('rehearse: starting PostgreSQL, the Temporal server and UI, FerretDB, MinIO, the ear, the model server, 2 workers, 2 APIs and HAProxy…');
  rehearsal = await startRehearsal({
    dataDir: process.env.HOLDLINE_REHEARSAL_DIR || join(REPO_ROOT, '.data', 'rehearsal'),
    ports,
    env: process.env,
    echo: ['worker', 'api'],
    log: (line) => console.log(`rehearse: ${line}`),
  });
} catch (error) {
  console.error(`rehearse: ${(error as Error).message}`);
  await shutdown(1);
}

const current = rehearsal!;
const stack = current.stack;
supervisor = superviseStack(stack, {
  log: (line) => console.error(line.replace(/^up: /, 'rehearse: ')),
  optionalParts: ['model', 'temporal-ui'],
  onGiveUp: (part) => {
    console.error(`rehearse: ${part} cannot stay up; stopping everything`);
    void shutdown(1);
  },
});

// As `npm run up`: the sample video scanned and featured on first start, here through the proxy.
if (process.env.HOLDLINE_SEED_DEMO !== '0' && existsSync(join(REPO_ROOT, 'tooling', 'seed-demo.ts'))) {
  try {
    const [sample] = await makeFixtures({ only: ['sample'], log: (line) => console.log(`rehearse: fixtures: ${line}`) });
    if (sample) {
      const { seedDemo } = await import('../tooling/seed-demo');
      await seedDemo({ apiUrl: current.proxyUrl, mongodbUri: current.mongodbUri, videoPath: sample.path, log: (line) => console.log(`rehearse: ${line}`) });
    }
  } catch (error) {
    if (!stopping) console.error(`rehearse: demo seeding failed: ${(error as Error).message}`);
  }
}

const model = modelBannerLine(stack);
const keyCommand = (ports.mongo !== 27017 ? `MONGO_PORT=${ports.mongo} ` : '') + 'npm run --silent account:create -- --email you@example.com';
if (!stopping) {
  console.log(`
  Holdline's production layout is up (rehearsal, ${Math.round((Date.now() - started) / 1000)} s).
    API (HAProxy)  ${current.proxyUrl}      stats ${current.proxyStatsUrl}
    API processes  ${current.apiUrls.join('  ')}
    Workers        2 (task queues holdline-*, scratch ${join(stack.dataDir, 'scratch-1')}, …-2)
    Temporal       ${current.temporalAddress} (server 1.29.1 on PostgreSQL)
    Temporal UI    ${current.temporalUiUrl ?? 'not started'} (read-only)
    PostgreSQL     ${current.postgresAddress} (${current.postgresVersion}; data ${join(stack.dataDir, 'postgresql')})
    MongoDB        ${current.mongodbUri} (FerretDB 1.24.2 on PostgreSQL)
    S3 (MinIO)     ${current.s3Endpoint}   console ${current.minioConsoleUrl}
    Ear            ${stack.transcriberUrl ?? 'pocketsphinx'}
    Model          ${model}
    Logs           ${join(stack.dataDir, 'logs')}
  Get an API key:
    ${keyCommand}
  Ctrl-C stops everything.
`);
}

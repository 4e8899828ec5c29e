// Starts one Temporal dev server and one FerretDB for the whole test run, on
// free ports with a throw-away data directory, and hands their addresses to
// the tests through `provide` / `inject` (see integration/helpers/stack-env.ts).
// TEMPORAL_ADDRESS / MONGODB_URI in the environment point the tests at running
// servers instead. It is the integration project's global setup (vitest.config.ts):
// vitest runs it only when an integration or fault file is in the run, so a run of
// unit files alone starts nothing.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMinio } from '../tooling/stack/minio';
import { startStack } from '../tooling/stack/start';

export interface ProvidedStack {
  mongodbUri: string;
  temporalAddress: string;
  temporalUiUrl: string | undefined;
  /** A MinIO on loopback: the environment that puts a service's media store on it (`HOLDLINE_MEDIA_STORE=s3`, …). */
  s3Env: Record<string, string>;
  /** FerretDB's SQLite directory, for the `_id` index its point reads need (store/ferret-sqlite.ts). */
  ferretdbSqliteDir: string;
  /** The ear's transcription API (`…/v1`), which test/setup-env.ts hands to every service a test starts. */
  transcriberUrl: string | undefined;
  /** The ear's bearer key, a new one each run, which test/setup-env.ts hands on with its URL. */
  transcriberApiKey: string | undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: ProvidedStack | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.HOLDLINE_TEST_STACK === '0') {
    project.provide('stack', null);
    return async () => {};
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'holdline-test-stack-'));
  const started = Date.now();
  const [stack, s3] = await Promise.all([startStack({ dataDir, handleSignals: true, ear: true }), startMinio({ dataDir })]);
  process.stderr.write(
    `test stack: Temporal ${stack.temporalAddress}, MongoDB ${stack.mongodbUri} ` +
      `, S3 ${s3.endpoint}, ear ${stack.transcriberUrl ?? 'none'} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s, data ${dataDir})\n`,
  );
  project.provide('stack', {
    mongodbUri: stack.mongodbUri,
    temporalAddress: stack.temporalAddress,
    temporalUiUrl: stack.temporalUiUrl,
    s3Env: s3.env,
    ferretdbSqliteDir: join(dataDir, 'ferretdb'),
    transcriberUrl: stack.transcriberUrl,
    transcriberApiKey: stack.transcriberApiKey,
  });
  return async () => {
    const stopping = Date.now();
    await Promise.all([stack.stop(), s3.stop()]);
    process.stderr.write(`test stack: stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s\n`);
    if (process.env.HOLDLINE_KEEP_TEST_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  };
}

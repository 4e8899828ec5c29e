import { defineConfig } from 'vitest/config';

// One project, files one after another: integration tests share one Temporal
// dev server and one FerretDB (started by test/global-setup.ts) and spawn
// ffmpeg, so running files in parallel on two cores only adds contention.
// `forks` because Temporal workers and isolated-vm do not run in worker threads;
// isolated-vm also needs --no-node-snapshot.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-env.ts'],
    // Workers started by tests (in-process or as children) log warnings and errors only.
    env: { HOLDLINE_WORKER_LOG_LEVEL: 'WARN' },
  },
});

import { defineConfig } from 'vitest/config';

// Two projects (docs/tests.md, "The time budget"):
// - `unit` (test/unit): no services, so its files run in parallel, one fork per core.
// - `integration` (test/integration, test/faults): files one after another over one
//   Temporal dev server, FerretDB, MinIO and ear started by test/global-setup.ts;
//   they spawn ffmpeg, Whisper and Chromium, so running them side by side on two
//   cores only adds contention. Its global setup runs only when one of its files
//   is in the run, so `npx vitest run test/unit/…` starts nothing.
// The unit group runs first (sequence.groupOrder), then the integration group.
// `forks` because Temporal workers and isolated-vm do not run in worker threads;
// isolated-vm also needs --no-node-snapshot.
export default defineConfig({
  test: {
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    setupFiles: ['test/setup-env.ts'],
    // Workers started by tests (in-process or as children) log warnings and errors only.
    env: { HOLDLINE_WORKER_LOG_LEVEL: 'WARN' },
    // Ours first: the default reporter's summary stays the last lines.
    reporters: ['./test/reporters/slowest-files.ts', 'default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/faults/**/*.test.ts'],
          fileParallelism: false,
          globalSetup: ['test/global-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

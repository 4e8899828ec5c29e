import { defineConfig } from 'vitest/config';

// Four projects (docs/tests.md, "The time budget"):
// - `unit` (test/unit): no services, so its files run in parallel, one fork per core.
// - `integration` and `integration-2` (test/integration, split by directory): files one
//   after another over one Temporal dev server, FerretDB, MinIO and ear started by
//   test/global-setup.ts for the project. Each runs its global setup only when one of
//   its files is in the run, so `npx vitest run test/unit/…` starts nothing.
// - `faults` (test/faults): one file after another, each starting its own stack (it
//   kills Temporal, FerretDB, the worker and the ear), so no shared one.
// `npm test` (scripts/test.sh) runs two vitest processes side by side, each with its own
// stack: lane 1 `unit` then `integration`, lane 2 `integration-2` then `faults`. The
// directories of lane 2 are chosen so the lanes take about as long (LANE_2_DIRS).
// In one process (`npx vitest run`) the groups run in order: unit, both integration
// projects one file at a time, then the faults.
// `forks` because Temporal workers and isolated-vm do not run in worker threads;
// isolated-vm also needs --no-node-snapshot.

/** Integration directories run by lane 2 (`integration-2`), beside lane 1's `unit` and `integration`. */
export const LANE_2_DIRS = ['test/integration/chat', 'test/integration/recut', 'test/integration/clients', 'test/integration/sandbox'];

const lane2 = LANE_2_DIRS.map((dir) => `${dir}/**/*.test.ts`);

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
          include: ['test/integration/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...lane2],
          fileParallelism: false,
          globalSetup: ['test/global-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-2',
          include: lane2,
          fileParallelism: false,
          globalSetup: ['test/global-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      // The fault suite across instances (`npm run faults -- --rehearsal`, scripts/faults.sh) starts
      // the whole production layout: too long for `npm test`'s budget, so the project exists only
      // when that command asks for it, and no other run (`npx vitest run` included) picks it up.
      ...(process.env.HOLDLINE_FAULTS_REHEARSAL === '1'
        ? [
            {
              extends: true as const,
              test: {
                name: 'faults-rehearsal',
                include: ['test/faults/**/*.rehearsal.ts'],
                fileParallelism: false,
                sequence: { groupOrder: 3 },
              },
            },
          ]
        : []),
    ],
  },
});

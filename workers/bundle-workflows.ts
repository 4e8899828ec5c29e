// Child-process entry: bundles the workflow code to the path given, so webpack's
// memory is spent in a short-lived process and never counts in a worker's RSS.
import { bundleWorkflowCode } from '@temporalio/worker';
import { writeFile, rename } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const out = process.argv[2];
if (!out) throw new Error('usage: bundle-workflows.ts <output.js>');
const { code } = await bundleWorkflowCode({
  workflowsPath: fileURLToPath(new URL('../workflows/index.ts', import.meta.url)),
  // A prebuilt bundle carries its interceptors: the request id of the workflow's memo on logs and activity headers.
  workflowInterceptorModules: [fileURLToPath(new URL('../workflows/request-id-interceptors.ts', import.meta.url))],
  logger: { trace() {}, debug() {}, info() {}, log() {}, warn: console.warn, error: console.error },
});
// Written aside and renamed: a worker never loads half a bundle.
await writeFile(`${out}.${process.pid}.tmp`, code);
await rename(`${out}.${process.pid}.tmp`, out);

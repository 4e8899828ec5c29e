/**
 * Start the scripted upstream by hand: `tsx test/scripted-upstream/cli.ts [--port 11435]`.
 * Prints the base URL (for MODEL_BASE_URL) on stdout and answers every chat completion with
 * `{content: 'scripted answer'}` until SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startScriptedUpstream } from './server';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer 0-65535, got ${values.port}`);
  process.exit(2);
}

const upstream = await startScriptedUpstream({ port, defaultTurn: { content: 'scripted answer' } });
console.log(upstream.baseUrl);

const stop = () => {
  void upstream.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

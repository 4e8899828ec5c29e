// A port number from the environment, for the commands that start a stack (`npm run up`,
// `npm run rehearse`): a bad value stops the command before anything starts.

/** `process.env[name]` as a port, or `fallback` when unset; exits 2 naming `command` when it is no port. */
export function portFromEnv(command: string, name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${command}: ${name} must be a port number from 1 to 65535, got "${raw}"`);
    process.exit(2);
  }
  return port;
}

// What the sandbox child runs inside besides its OS limits: its own empty network
// namespace (no interface but a down loopback: no socket reaches anything, even if code
// escaped the isolate), a seccomp filter that refuses to create a Unix socket (one on
// the file system is reached through the file system, which the network namespace does
// not cover: deny-unix-sockets.py), and, when the worker runs as root, an unprivileged
// user. The namespace and user come from util-linux (`unshare`, `setpriv`), the filter
// from python3; each execs in place, so the child keeps its pid and the IPC descriptor
// fork gave it. What the kernel or the container allows is probed once per process;
// what is not available is logged once and left out.

import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const UNSHARE = '/usr/bin/unshare';
export const SETPRIV = '/usr/bin/setpriv';
export const PYTHON = '/usr/bin/python3';
/** Installs the seccomp filter refusing `socket(AF_UNIX, …)`, then execs the rest of its arguments. */
export const DENY_UNIX_SOCKETS = fileURLToPath(new URL('./deny-unix-sockets.py', import.meta.url));
/** `nobody`/`nogroup` on Debian: owns nothing, can read only what everyone can. */
export const SANDBOX_UID = 65534;
export const SANDBOX_GID = 65534;

export interface ChildIsolation {
  /** The child has a network namespace of its own. */
  network: boolean;
  /** The uid the child runs as, when it was lowered from root. */
  uid: number | null;
  /** Whether the child can create a Unix socket (false under the seccomp filter: none on the file system can be reached). */
  unixSockets: boolean;
  /** Commands (with their arguments, ending in `--`) put between prlimit and node. */
  wrapper: string[];
}

/**
 * The wrapper for what is available: `unshare -n` (with a user namespace when not root), then `setpriv`
 * down to nobody when root, then the filter refusing Unix sockets (last: it needs no privilege, and the
 * commands before it open none).
 */
export function isolationWrapper(options: { network: boolean; root: boolean; lowerUser: boolean; denyUnixSockets?: boolean }): string[] {
  const args: string[] = [];
  // Without root, a network namespace can only be made inside a user namespace of its own.
  if (options.network) args.push(...(options.root ? [UNSHARE, '--net', '--'] : [UNSHARE, '--user', '--net', '--']));
  if (options.lowerUser) args.push(SETPRIV, `--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_GID}`, '--clear-groups', '--no-new-privs', '--');
  if (options.denyUnixSockets) args.push(PYTHON, '-I', '-S', DENY_UNIX_SOCKETS, '--');
  return args;
}

let probed: Promise<ChildIsolation> | undefined;

/**
 * The isolation this process can give its sandbox children, probed on first use and
 * then reused. `log` hears, once, about each protection that is not available.
 */
export function childIsolation(log: (message: string) => void = (message) => console.warn(message)): Promise<ChildIsolation> {
  probed ??= probeIsolation(log);
  return probed;
}

async function probeIsolation(log: (message: string) => void): Promise<ChildIsolation> {
  const root = process.getuid?.() === 0;
  const network = await run(...command(isolationWrapper({ network: true, root, lowerUser: false }), ['/bin/true']), { env: {} }).then(
    () => true,
    (error: Error) => {
      log(`sandbox: no network namespace for the run tool's children (unshare failed: ${error.message.split('\n')[0]}); they keep the worker's network`);
      return false;
    },
  );
  // Probed by a connection it must refuse (EACCES; ENOENT without the filter): a filter that refuses nothing is no filter.
  const refused = `require('net').connect('/nonexistent').on('error', (e) => process.exit(e.code === 'EACCES' ? 0 : 1))`;
  const denyUnixSockets = await run(
    ...command(isolationWrapper({ network: false, root, lowerUser: false, denyUnixSockets: true }), [process.execPath, '-e', refused]),
    {
      env: {},
    },
  ).then(
    () => true,
    (error: Error) => {
      log(
        `sandbox: the run tool's children can open Unix sockets (the seccomp filter could not be installed: ${error.message.split('\n')[0]}); sockets on the file system stay reachable`,
      );
      return false;
    },
  );
  let lowerUser = false;
  if (root) {
    // The children must still read their scripts, isolated-vm and Pyodide as nobody (world-readable files).
    const require = createRequire(import.meta.url);
    const readable = [
      ...['./isolate-child.mjs', './python-child.mjs', './child-common.mjs', './deny-unix-sockets.py'].map((script) =>
        fileURLToPath(new URL(script, import.meta.url)),
      ),
      dirname(require.resolve('isolated-vm/package.json')),
      require.resolve('pyodide/pyodide.asm.wasm'),
      require.resolve('pyodide/python_stdlib.zip'),
    ];
    // The paths travel in the environment, not argv: nothing probing looks like a sandbox child in /proc.
    const check = `const fs=require('fs');for(const p of JSON.parse(process.env.PROBE_PATHS))fs.accessSync(p,fs.constants.R_OK)`;
    const env = { PROBE_PATHS: JSON.stringify(readable) };
    lowerUser = await run(...command(isolationWrapper({ network: false, root, lowerUser: true }), [process.execPath, '-e', check]), { env }).then(
      () => true,
      (error: Error) => {
        log(
          `sandbox: the run tool's children stay root: running them as uid ${SANDBOX_UID} failed (${error.message.split('\n')[0]}); make the code and node_modules readable by everyone`,
        );
        return false;
      },
    );
  }
  return {
    network,
    uid: lowerUser ? SANDBOX_UID : null,
    unixSockets: !denyUnixSockets,
    wrapper: isolationWrapper({ network, root, lowerUser, denyUnixSockets }),
  };
}

function command(wrapper: string[], tail: string[]): [string, string[]] {
  const [file, ...args] = [...wrapper, ...tail];
  return [file!, args];
}

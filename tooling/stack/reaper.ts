// A small watchdog process holds the read end of a pipe from this process and
// the list of live process groups. When this process dies in any way, even by
// SIGKILL, the pipe reaches end-of-file and the watchdog ends those groups.

import { spawn, type ChildProcess } from 'node:child_process';

const REAPER_SOURCE = `
const groups = new Set();
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  for (let i = buffer.indexOf('\\n'); i >= 0; i = buffer.indexOf('\\n')) {
    const [op, id] = buffer.slice(0, i).split(' ');
    buffer = buffer.slice(i + 1);
    if (op === 'add') groups.add(Number(id)); else groups.delete(Number(id));
  }
});
process.stdin.on('end', () => {
  const signal = (name) => { for (const pid of groups) { try { process.kill(-pid, name); } catch {} } };
  if (groups.size === 0) process.exit(0);
  signal('SIGTERM');
  setTimeout(() => { signal('SIGKILL'); process.exit(0); }, 5000);
});
`;

let reaper: ChildProcess | undefined;

export function tellReaper(line: string): void {
  if (!reaper) {
    reaper = spawn(process.execPath, ['-e', REAPER_SOURCE], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    reaper.unref();
    const stdin = reaper.stdin as (NodeJS.WritableStream & { unref?: () => void }) | null;
    stdin?.unref?.();
    stdin?.on('error', () => {
      // The watchdog is gone; the exit handler still covers a normal exit.
    });
  }
  reaper.stdin?.write(`${line}\n`);
}

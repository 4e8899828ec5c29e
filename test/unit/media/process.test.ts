import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { runProcess, setMediaToolNiceness } from '../../../activities/media/process';

const node = process.execPath;

describe('runProcess', () => {
  it('collects stdout and the exit code without a shell', async () => {
    const result = await runProcess(node, ['-e', 'process.stdout.write(process.argv[1]); process.exit(3)', '$(echo not expanded)']);
    expect([result.stdout, result.exitCode, result.signalName]).toEqual(['$(echo not expanded)', 3, null]);
  });

  it('keeps only the last lines of stderr, trimmed', async () => {
    const result = await runProcess(node, ['-e', 'for (let i = 0; i < 5000; i++) console.error("  line " + i + "  ")'], { stderrTailBytes: 200 });
    const lines = result.stderrTail.split('\n');
    expect(lines.at(-1)).toBe('line 4999');
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(result.stderrTail).not.toContain('line 0\n');
  });

  it('rejects when the binary does not exist', async () => {
    await expect(runProcess('holdline-no-such-binary', [])).rejects.toMatchObject({ code: 'ENOENT' });
  });

  describe('at a lower priority', () => {
    afterEach(() => setMediaToolNiceness(0));
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's niceness (after the `(comm)` field, which may hold spaces).
    const threadNiceness = `
      const fs = require('node:fs');
      const tids = fs.readdirSync('/proc/self/task');
      const nice = tids.map((tid) => Number(fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]));
      process.stdout.write(JSON.stringify({ threads: tids.length, nice: [...new Set(nice)] }));`;

    it('starts the tool and every thread it has at the configured niceness', async () => {
      const own = getPriority();
      setMediaToolNiceness(5);
      const niced = JSON.parse((await runProcess(node, ['-e', threadNiceness])).stdout) as { threads: number; nice: number[] };
      setMediaToolNiceness(0);
      const plain = JSON.parse((await runProcess(node, ['-e', threadNiceness])).stdout) as { threads: number; nice: number[] };
      expect(niced.threads).toBeGreaterThan(1);
      expect(niced.nice).toEqual([Math.min(19, own + 5)]);
      expect(plain.nice).toEqual([own]);
    });

    it('adds yieldTo to the configured niceness, capped at 19, and niceness alone when nothing is configured', async () => {
      const own = getPriority();
      const niceOf = async (yieldTo: number) => (JSON.parse((await runProcess(node, ['-e', threadNiceness], { yieldTo })).stdout) as { nice: number[] }).nice;
      setMediaToolNiceness(5);
      expect(await niceOf(5)).toEqual([Math.min(19, own + 10)]);
      expect(await niceOf(30)).toEqual([19]);
      setMediaToolNiceness(0);
      expect(await niceOf(5)).toEqual([Math.min(19, own + 5)]);
    });

    it('still rejects a missing binary as a direct spawn does', async () => {
      setMediaToolNiceness(5);
      await expect(runProcess('holdline-no-such-binary', [])).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('passes the arguments through unexpanded', async () => {
      setMediaToolNiceness(5);
      const result = await runProcess(node, ['-e', 'process.stdout.write(process.argv[1]); process.exit(3)', 'a -n 3 $(echo x)']);
      expect([result.stdout, result.exitCode]).toEqual(['a -n 3 $(echo x)', 3]);
    });
  });

  it('kills the process on abort and rejects with the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled');
    let pid = 0;
    // The child says its pid and then runs forever; the abort comes once it is running.
    const work = runProcess(node, ['-e', 'process.stdout.write(String(process.pid)); setInterval(() => {}, 1000)'], {
      signal: controller.signal,
      onStdout: (chunk) => {
        pid = Number(chunk.toString('utf8'));
        controller.abort(reason);
      },
    });
    await expect(work).rejects.toBe(reason);
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });

  it('stops the process when the stdout handler throws, rejecting with that error', async () => {
    const boom = new Error('bad frame');
    const work = runProcess(node, ['-e', 'setInterval(() => process.stdout.write("x"), 10)'], {
      onStdout: () => {
        throw boom;
      },
    });
    await expect(work).rejects.toBe(boom);
  });
});

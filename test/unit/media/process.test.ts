import { describe, expect, it } from 'vitest';
import { runProcess } from '../../../activities/media/process';

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

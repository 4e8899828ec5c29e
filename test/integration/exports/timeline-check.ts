import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../../tooling/repo-root';

/** The Python with opentimelineio, its CMX 3600 adapter and lxml (scripts/install-timeline-check.sh, run by the bootstrap). */
const TIMELINE_CHECK_PYTHON = join(REPO_ROOT, '.tools', 'timeline-check', 'venv', 'bin', 'python');
const TIMELINE_CHECK_SCRIPT = join(REPO_ROOT, 'tooling', 'timeline-check', 'check_timelines.py');

/**
 * What the reference readers saw of an `.otio`, an `.fcpxml` and an `.edl`
 * (read by OpenTimelineIO's cmx_3600 adapter at `edlRate`): check_timelines.py's JSON.
 */
export async function readBack(files: { otio: string; fcpxml: string; edl: string; edlRate: number }): Promise<any> {
  const dir = await mkdtemp(join(tmpdir(), 'holdline-timelines-'));
  try {
    await writeFile(join(dir, 't.otio'), files.otio);
    await writeFile(join(dir, 't.fcpxml'), files.fcpxml);
    await writeFile(join(dir, 't.edl'), files.edl);
    const { stdout } = await promisify(execFile)(
      TIMELINE_CHECK_PYTHON,
      [TIMELINE_CHECK_SCRIPT, join(dir, 't.otio'), join(dir, 't.fcpxml'), join(dir, 't.edl'), String(files.edlRate)],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PYTHONDONTWRITEBYTECODE: '1' } },
    );
    return JSON.parse(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { describe, expect, it } from 'vitest';
import type { ReadFigures } from '../../../core/recut';
import { recutPage, type RecutPageView } from '../../../web/recut-page';

const viewer = { email: 'me@example.com', csrf: 'token' };
const figures = (dips: ReadFigures['dips']): ReadFigures => ({ score: 50, grade: 'D', hook: 20, dead_seconds: 4, duration_sec: 30, average_hold: 40, dips });

function page(before: ReadFigures, after: ReadFigures): string {
  const view: RecutPageView = {
    recut_id: 'rct_000000000000000000000001',
    status: 'complete',
    pct: 100,
    stage: 'complete',
    parent_scan_id: 'scn_000000000000000000000001',
    scan_id: 'scn_000000000000000000000002',
    segments: [{ start: 4, end: 20 }],
    rationale: 'Rules: cut.',
    proposed_by: 'rules',
    base_model: null,
    before,
    after,
    parentHold: [10, 50, 60],
    childHold: [60, 70],
    mediaSrc: null,
  };
  return recutPage(viewer, view);
}

describe("the recut page's figures", () => {
  it('shows the dips before and after: count with total seconds, and how many name each cause', () => {
    const html = page(
      figures({ count: 3, seconds: 9, causes: { still_picture: 2, silence: 1, long_pause: 1 } }),
      figures({ count: 0, seconds: 0, causes: {} }),
    );
    expect(html).toContain('<tr id="dips-count"><th>Dips</th><td>3 (9 s)</td><td>0 (0 s)</td></tr>');
    expect(html).toContain('<tr id="dips-causes"><th>Dip causes</th><td>still picture 2, silence 1, long pause 1</td><td>none</td></tr>');
  });

  it('shows a dash for a read made before dips existed', () => {
    const html = page(figures(null), figures(undefined));
    expect(html).toContain('<tr id="dips-count"><th>Dips</th><td>–</td><td>–</td></tr>');
  });
});

import { describe, expect, it } from 'vitest';
import { parseWindowLog } from '../../../activities/media/cut-window';

describe('parseWindowLog', () => {
  it("reads each frame's time (shifted back by the window's start) and its difference from the frame before", () => {
    const log = [
      'frame:0    pts:0       pts_time:0',
      'lavfi.scd.mafd=0.000',
      'lavfi.scd.score=0.000',
      'frame:1    pts:512     pts_time:0.04',
      'lavfi.scd.mafd=0.882',
      'lavfi.scd.score=0.882',
      'frame:2    pts:1024    pts_time:0.08',
      'lavfi.scd.mafd=14.039',
      'lavfi.scd.score=13.1',
      '',
    ].join('\n');
    expect(parseWindowLog(log, 4.6)).toEqual([
      { timeSec: 4.6, diff: 0 },
      { timeSec: 4.64, diff: 0.882 },
      { timeSec: 4.68, diff: 14.039 },
    ]);
  });

  it('leaves out a frame whose difference line is missing or unreadable', () => {
    const log = 'frame:0 pts:0 pts_time:0\nframe:1 pts:1 pts_time:0.5\nlavfi.scd.mafd=nan\nframe:2 pts:2 pts_time:1\nlavfi.scd.mafd=3\n';
    expect(parseWindowLog(log, 0)).toEqual([{ timeSec: 1, diff: 3 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { exportScan, type ExportableScan } from '../../../core/exports';
import { exportableScan } from './exportable-scan';

// The EDL, the OTIO timeline, the FCPXML document and Resolve's marker list are
// built from one read and parsed back here with arithmetic of this file's own
// (timecode to frames, FCPXML's rational seconds to frames), so each format is
// checked against the frames the read names, not against the code that wrote it.

/** The read of each case: its own title and length, no series (the exports read none of them). */
const readOf = (overrides: Partial<ExportableScan>) => exportableScan({ title: 'Agreement', duration_sec: 10, timeline: [], ...overrides });

/** Frames of a timecode at a nominal whole rate; `;` before the frames means drop-frame (2 frame numbers a minute at 30, 4 at 60, skipped except every tenth minute). */
function framesOfTimecode(tc: string, nominal: number): number {
  const match = /^(\d\d):(\d\d):(\d\d)([:;])(\d\d)$/.exec(tc);
  if (!match) throw new Error(`not a timecode: ${tc}`);
  const [h, m, s, f] = [match[1], match[2], match[3], match[5]].map(Number) as [number, number, number, number];
  const counted = ((h * 60 + m) * 60 + s) * nominal + f;
  if (match[4] === ':') return counted;
  const minutes = h * 60 + m;
  return counted - (nominal / 15) * (minutes - Math.floor(minutes / 10));
}

const fraction = (text: string): [number, number] => {
  const match = /^(\d+)(?:\/(\d+))?s$/.exec(text);
  if (!match) throw new Error(`not an FCPXML time: ${text}`);
  return [Number(match[1]), Number(match[2] ?? 1)];
};

/** An FCPXML time in frames of `frameDuration`; throws when it is not a whole number of frames. */
function framesOfFcpxmlTime(text: string, frameDuration: string): number {
  const [num, den] = fraction(text);
  const [fNum, fDen] = fraction(frameDuration);
  const frames = (num * fDen) / (den * fNum);
  if (!Number.isInteger(frames)) throw new Error(`${text} is not on a frame of ${frameDuration}`);
  return frames;
}

const attribute = (element: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(element)?.[1] ?? '';

interface Placement {
  /** [start, end) of each shot, in frames. */
  shots: Array<[number, number]>;
  /** The frame of each cut marker. */
  cutMarkers: number[];
}

function edlPlacement(read: ExportableScan, nominal: number): Placement & { fcm: string } {
  const lines = exportScan(read, 'edl').body.split('\r\n');
  const events = lines.filter((line) => /^\d{3} /.test(line)).map((line) => line.split(/\s+/).slice(4));
  // The record side runs one hour ahead of the source (01:00:00:00, as editors expect a programme to start).
  const hour = (tc: string) =>
    framesOfTimecode(tc, nominal) - framesOfTimecode(lines[1]!.includes('DROP FRAME') && !lines[1]!.includes('NON') ? '01:00:00;00' : '01:00:00:00', nominal);
  for (const [sourceIn, sourceOut, recordIn, recordOut] of events)
    expect([hour(recordIn!), hour(recordOut!)]).toEqual([framesOfTimecode(sourceIn!, nominal), framesOfTimecode(sourceOut!, nominal)]);
  return {
    fcm: lines[1]!,
    shots: events.map(([tcIn, tcOut]) => [framesOfTimecode(tcIn!, nominal), framesOfTimecode(tcOut!, nominal)]),
    cutMarkers: lines.filter((line) => / BLUE +CUT /.test(line)).map((line) => framesOfTimecode(line.split(/\s+/)[2]!, nominal)),
  };
}

function otioPlacement(read: ExportableScan): Placement & { rates: number[] } {
  const otio = JSON.parse(exportScan(read, 'otio').body);
  type Time = { rate: number; value: number };
  type Range = { start_time: Time; duration: Time };
  const clips: Array<{ source_range: Range }> = otio.tracks.children[0].children;
  const markers: Array<{ name: string; marked_range: Range }> = otio.tracks.markers;
  return {
    rates: [...new Set(clips.flatMap((c) => [c.source_range.start_time.rate, c.source_range.duration.rate]))],
    shots: clips.map((c) => [c.source_range.start_time.value, c.source_range.start_time.value + c.source_range.duration.value]),
    cutMarkers: markers.filter((m) => m.name.startsWith('Cut ')).map((m) => m.marked_range.start_time.value),
  };
}

function fcpxmlPlacement(read: ExportableScan): Placement & { tcFormat: string } {
  const doc = exportScan(read, 'fcpxml').body;
  const frameDuration = attribute(/<format [^>]*>/.exec(doc)![0], 'frameDuration');
  const clips = doc.match(/<asset-clip [^>]*>/g) ?? [];
  for (const clip of clips) expect(attribute(clip, 'offset')).toBe(attribute(clip, 'start'));
  return {
    tcFormat: attribute(/<sequence [^>]*>/.exec(doc)![0], 'tcFormat'),
    shots: clips.map((clip) => {
      const start = framesOfFcpxmlTime(attribute(clip, 'start'), frameDuration);
      return [start, start + framesOfFcpxmlTime(attribute(clip, 'duration'), frameDuration)];
    }),
    cutMarkers: (doc.match(/<marker [^>]*value="Cut \d+"[^>]*>/g) ?? []).map((m) => framesOfFcpxmlTime(attribute(m, 'start'), frameDuration)),
  };
}

function resolveCutMarkers(read: ExportableScan, nominal: number): number[] {
  const rows = exportScan(read, 'markers.csv').body.trimEnd().split('\r\n').slice(1);
  return rows.filter((row) => row.endsWith(',cut')).map((row) => framesOfTimecode(row.split(',')[2]!, nominal));
}

/** Seconds of a frame at a rate, to the millisecond, as the refinement writes a cut on a constant rate. */
const secondsOf = (frame: number, fps: number) => Math.round((frame / fps) * 1000) / 1000;

const NTSC30 = 30000 / 1001;
const NTSC24 = 24000 / 1001;

// Each row: one read, the nominal rate its timecodes count at, the drop-frame verdicts, and the frames every format must put its cuts on.
const READS: Array<{ label: string; read: ExportableScan; nominal: number; dropFrame: boolean; end: number; frames: number[] }> = [
  {
    label: '25 fps',
    read: readOf({
      duration_sec: 12,
      frame_rate: 25,
      frame_rate_variable: false,
      cuts: [63, 179, 250].map((f) => secondsOf(f, 25)),
      cut_frames: [63, 179, 250],
    }),
    nominal: 25,
    dropFrame: false,
    end: 300,
    frames: [63, 179, 250],
  },
  {
    // Past ten minutes, with cuts either side of the minutes where drop-frame timecode skips frame numbers.
    label: '29.97 fps, drop-frame',
    read: readOf({
      duration_sec: 700,
      frame_rate: 29.97,
      frame_rate_variable: false,
      cuts: [77, 1799, 1800, 17982, 18000, 20000].map((f) => secondsOf(f, NTSC30)),
      cut_frames: [77, 1799, 1800, 17982, 18000, 20000],
    }),
    nominal: 30,
    dropFrame: true,
    end: Math.round(700 * NTSC30),
    frames: [77, 1799, 1800, 17982, 18000, 20000],
  },
  {
    label: '60 fps',
    read: readOf({
      duration_sec: 20,
      frame_rate: 60,
      frame_rate_variable: false,
      cuts: [151, 338, 508].map((f) => secondsOf(f, 60)),
      cut_frames: [151, 338, 508],
    }),
    nominal: 60,
    dropFrame: false,
    end: 1200,
    frames: [151, 338, 508],
  },
  {
    // A phone's variable rate averaging 23.9791 fps: the timelines run at 24000/1001, the nearest editor rate, and place
    // each cut's own timestamp on it; cut_frames, counted at the average, would drift 2 frames from that by 10 minutes.
    label: 'a variable rate (average 23.9791 fps)',
    read: readOf({
      duration_sec: 700,
      frame_rate: 23.9791,
      frame_rate_variable: true,
      cuts: [3.128, 250.442, 640.007],
      cut_frames: [3.128, 250.442, 640.007].map((t) => Math.round(t * 23.9791)),
    }),
    nominal: 24,
    dropFrame: false,
    end: Math.round(700 * NTSC24),
    frames: [3.128, 250.442, 640.007].map((t) => Math.round(t * NTSC24)),
  },
];

describe('the EDL, OTIO, FCPXML and Resolve markers place each cut on the same frame', () => {
  it.each(READS)('$label', ({ read, nominal, dropFrame, end, frames }) => {
    const shots = [0, ...frames, end].slice(0, -1).map((start, i): [number, number] => [start, [...frames, end][i]!]);
    const edl = edlPlacement(read, nominal);
    const otio = otioPlacement(read);
    const fcpxml = fcpxmlPlacement(read);

    expect(edl.fcm).toBe(dropFrame ? 'FCM: DROP FRAME' : 'FCM: NON-DROP FRAME');
    expect(fcpxml.tcFormat).toBe(dropFrame ? 'DF' : 'NDF');
    expect(edl.shots).toEqual(shots);
    expect(otio.shots).toEqual(shots);
    expect(fcpxml.shots).toEqual(shots);
    expect(edl.cutMarkers).toEqual(frames);
    expect(otio.cutMarkers).toEqual(frames);
    expect(fcpxml.cutMarkers).toEqual(frames);
    expect(resolveCutMarkers(read, nominal)).toEqual(frames);
  });

  it("the variable-rate read's cut_frames differ from where the timelines put the cuts (so the row above tests the choice)", () => {
    const vfr = READS[3]!;
    expect(vfr.read.cut_frames).not.toEqual(vfr.frames);
  });

  it('at 29.97 the EDL writes drop-frame timecodes: frame 1800 is 00:01:00;02, frame 17982 is 00:10:00;00', () => {
    const edl = exportScan(READS[1]!.read, 'edl').body;
    expect(edl).toContain('00:00:59;29 00:01:00;02 01:00:59;29 01:01:00;02');
    expect(edl).toContain(' 00:10:00;00 ');
    // The locator is written with colons, the form OpenTimelineIO's cmx_3600 reader keeps, counted without drop:
    // frame 17982 at a nominal 30 is 00:09:59:12, the frame that reader gives back.
    expect(edl).toContain('* LOC: 00:09:59:12 BLUE    CUT 600');
  });
});

describe('where the EDL takes its cut frames from', () => {
  const base = { duration_sec: 10, frame_rate: 25, cuts: [2.5], dead: [] };
  const firstEvent = (read: ExportableScan) =>
    exportScan(read, 'edl')
      .body.split('\r\n')
      .find((line) => line.startsWith('001 '))!
      .split(/\s+/)
      .slice(4, 6);

  it('counts from cut_frames on a constant rate, even where the seconds would round to another frame', () => {
    // 2.5 s is frame 62.5 at 25 fps: the seconds would give frame 63; the read says 62.
    expect(firstEvent(readOf({ ...base, frame_rate_variable: false, cut_frames: [62] }))).toEqual(['00:00:00:00', '00:00:02:12']);
  });

  it('counts from the seconds for reads made before cut_frames, or whose cut_frames do not match the cuts', () => {
    expect(firstEvent(readOf(base))).toEqual(['00:00:00:00', '00:00:02:13']);
    expect(firstEvent(readOf({ ...base, cut_frames: [62, 70] }))).toEqual(['00:00:00:00', '00:00:02:13']);
  });

  it('counts from the seconds on a variable rate', () => {
    expect(firstEvent(readOf({ ...base, frame_rate_variable: true, cut_frames: [62] }))).toEqual(['00:00:00:00', '00:00:02:13']);
  });
});

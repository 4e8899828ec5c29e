import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportScan } from '../../../core/exports';
import { editorTimeline } from '../../../core/timelines/model';
import { RESOLVE_MARKER_COLUMNS } from '../../../core/timelines/resolve-markers';
import { REPO_ROOT } from '../../../tooling/repo-root';
import { newScanId } from '../../../store/ids';
import { LibraryStore } from '../../../store/library';
import { fixture, type Fixture } from '../helpers/fixtures';
import { ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';

// Exports of a real scan (the generated `sample`: four cuts, three spoken
// sentences, a silent still) through the API over the real stack; the editor
// timelines read back by their reference tools (OpenTimelineIO for .otio, lxml
// with the FCPXML 1.9 structure for .fcpxml; scripts/install-timeline-check.sh).

/** The Python with opentimelineio and lxml (scripts/install-timeline-check.sh, run by the bootstrap). */
const TIMELINE_CHECK_PYTHON = join(REPO_ROOT, '.tools', 'timeline-check', 'venv', 'bin', 'python');
const TIMELINE_CHECK_SCRIPT = join(REPO_ROOT, 'tooling', 'timeline-check', 'check_timelines.py');

let service: Service;
let owner: ScanClient;
let other: ScanClient;
let ownerId: string;
let sample: Fixture;
let scan: any;

async function exportOf(client: ScanClient | null, scanId: string, format?: string) {
  const query = format === undefined ? '' : `?format=${encodeURIComponent(format)}`;
  const headers: Record<string, string> = client?.apiKey ? { authorization: `Bearer ${client.apiKey}` } : {};
  const response = await fetch(`${service.apiUrl}/v1/scans/${scanId}/export${query}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

beforeAll(async () => {
  sample = await fixture('sample');
  service = await startService();
  const a = await service.createAccount();
  ownerId = a.accountId;
  owner = new ScanClient(service.apiUrl, a.apiKey);
  other = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
  const submitted = await owner.upload(sample.path, { title: 'Sample for export' });
  expect(submitted.status).toBe(202);
  scan = (await owner.waitForScan(submitted.body.scan_id)).scan;
  expect(scan.status).toBe('complete');
});

afterAll(async () => {
  await service?.stop();
});

describe('formats of a complete scan, with its owner key', () => {
  it('every format has its content type, an attachment filename and the body the core builds from the served scan', async () => {
    for (const format of EXPORT_FORMATS) {
      const res = await exportOf(owner, scan.scan_id, format);
      const expected = exportScan({ ...scan, title: 'Sample for export' }, format, { origin: service.apiUrl });
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-type'), format).toBe(expected.contentType);
      expect(res.headers.get('content-disposition'), format).toBe(`attachment; filename="${expected.filename}"`);
      expect(res.text, format).toBe(expected.body);
    }
  });

  it('srt and vtt carry the spoken words in cues of at most 2 lines of 42 characters and 7 s', async () => {
    expect(scan.transcript.length).toBeGreaterThan(0);
    const srt = (await exportOf(owner, scan.scan_id, 'srt')).text;
    const vtt = (await exportOf(owner, scan.scan_id, 'vtt')).text;
    const blocks = srt.split('\r\n\r\n').filter(Boolean);
    const seconds = (tc: string) =>
      tc
        .split(/[:,]/)
        .map(Number)
        .reduce((s, x, i) => (i < 3 ? s * 60 + x : s + x / 1000), 0);
    for (const block of blocks) {
      const [, times, ...lines] = block.split('\r\n');
      const [from, to] = times!.split(' --> ');
      expect(seconds(to!) - seconds(from!)).toBeLessThanOrEqual(7);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
    }
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt.match(/^\d\d:\d\d:\d\d\.\d{3} --> /gm)).toHaveLength(blocks.length);
    // Every word, in order.
    const cueText = blocks.map((b) => b.split('\r\n').slice(2).join(' ')).join(' ');
    expect(cueText).toBe(scan.transcript.map((s: { text: string }) => s.text).join(' '));
  });

  it('csv has a row per timeline second with the four series', async () => {
    const rows = (await exportOf(owner, scan.scan_id, 'csv')).text.trimEnd().split('\r\n');
    expect(rows[0]).toBe('second,hold,motion,loudness,speech');
    expect(rows).toHaveLength(Math.ceil(sample.truth.duration!) + 1);
    expect(rows[5]).toBe([4, ...['hold', 'motion', 'loudness', 'speech'].map((k) => scan.timeline[4].scores[k])].join(','));
  });

  it('edl has one event per shot between the detected cuts and a marker per cut and dead stretch', async () => {
    const edl = (await exportOf(owner, scan.scan_id, 'edl')).text;
    expect(edl.startsWith('TITLE: Sample for export\r\nFCM: NON-DROP FRAME\r\n')).toBe(true);
    // Picture and sound in every event, the record side from 01:00:00:00.
    expect(edl.match(/^\d{3}  AX {7}AA\/V {2}C {8}/gm)).toHaveLength(scan.cuts.length + 1);
    expect(edl).toMatch(/^001 .* 00:00:00:00 \S+ 01:00:00:00 /m);
    expect(edl.match(/^\* LOC: .* BLUE {4}CUT /gm) ?? []).toHaveLength(scan.cuts.length);
    expect(edl.match(/^\* LOC: .* RED {5}DEAD /gm) ?? []).toHaveLength(scan.dead.length);
    // The media is named by the uploaded file's name (issue 32 item 5), in every event.
    expect(edl.match(/^\* FROM CLIP NAME: sample\.mp4\r$/gm)).toHaveLength(scan.cuts.length + 1);
  });

  it("the upload's file name is the scan's source_name and names the media download", async () => {
    expect(scan.source_name).toBe('sample.mp4');
    const media = await fetch(`${service.apiUrl}${scan.media_url}`, { headers: { authorization: `Bearer ${owner.apiKey}`, range: 'bytes=0-15' } });
    expect(media.status).toBe(206);
    expect(media.headers.get('content-disposition')).toBe('inline; filename="sample.mp4"');
    await media.arrayBuffer();
  });

  it('json is the scan exactly as GET /v1/scans/{id} serves it', async () => {
    expect(JSON.parse((await exportOf(owner, scan.scan_id, 'json')).text)).toEqual(scan);
  });
});

describe('editor timelines, read back by their reference tools', () => {
  const frames = (seconds: [number, number]) => (seconds[0] * 24) / seconds[1];

  it('otio loads in OpenTimelineIO and fcpxml passes the FCPXML 1.9 structure: clips between the cuts at 24 fps, the read as markers', async () => {
    // The fixtures are made at 24 fps (tooling/fixtures/format.ts), so the read's rate and every frame count are known.
    expect(scan.frame_rate).toBe(24);
    const expected = editorTimeline({ ...scan, title: 'Sample for export' }, { mediaUrl: `${service.apiUrl}/v1/scans/${scan.scan_id}/media` });
    const dir = await mkdtemp(join(tmpdir(), 'holdline-timelines-'));
    try {
      await writeFile(join(dir, 'sample.otio'), (await exportOf(owner, scan.scan_id, 'otio')).text);
      await writeFile(join(dir, 'sample.fcpxml'), (await exportOf(owner, scan.scan_id, 'fcpxml')).text);
      const { stdout } = await promisify(execFile)(TIMELINE_CHECK_PYTHON, [TIMELINE_CHECK_SCRIPT, join(dir, 'sample.otio'), join(dir, 'sample.fcpxml')], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PYTHONDONTWRITEBYTECODE: '1' },
      });
      const seen = JSON.parse(stdout);

      expect([seen.otio.schema, seen.otio.name, seen.otio.video_tracks, seen.otio.audio_tracks]).toEqual(['Timeline', 'Sample for export', 1, 1]);
      expect(seen.otio.audio_clips).toEqual(seen.otio.clips);
      expect(seen.otio.clips).toHaveLength(scan.cuts.length + 1);
      expect(seen.otio.clips).toEqual(expected.clips.map((clip) => [clip.start, clip.duration]));
      // The clips start at the read's cut frames (the cuts refined to the frame), one per cut.
      expect(scan.cut_frames).toHaveLength(scan.cuts.length);
      expect(seen.otio.clips.map(([start]: number[]) => start).slice(1)).toEqual(scan.cut_frames);
      expect(seen.otio.rates).toEqual([24]);
      expect(seen.otio.duration_frames).toBe(Math.round(scan.duration_sec * 24));
      // The media is the uploaded file by its own name, relative to the .otio, for the editor to relink (issue 32 item 5).
      expect(seen.otio.media_urls).toEqual(['sample.mp4']);
      expect(seen.otio.media_names).toEqual(['sample.mp4']);
      // The read's picture size (the probed one) and the service's (keyed) media URL in every media reference's metadata.
      expect([scan.width, scan.height]).toEqual([1280, 720]);
      expect(seen.otio.media_metadata).toEqual([{ holdline: { width: 1280, height: 720, media_url: `${service.apiUrl}/v1/scans/${scan.scan_id}/media` } }]);
      const names: string[] = seen.otio.markers.map((m: { name: string }) => m.name);
      expect(names).toEqual(expected.markers.map((m) => m.name));
      expect(names.filter((n) => n.startsWith('Cut '))).toHaveLength(scan.cuts.length);
      expect(names.filter((n) => n.startsWith('Dead '))).toHaveLength(scan.dead.length);
      expect(names.filter((n) => n.startsWith('Moment '))).toHaveLength(scan.moments.length);
      expect(names.filter((n) => n.startsWith('Claim '))).toHaveLength(scan.claims.length);
      expect(scan.dips.length).toBeGreaterThan(0);
      expect(seen.otio.markers.filter((m: { name: string }) => m.name.startsWith('Dip ')).map((m: { comment: string }) => m.comment)).toEqual(
        scan.dips.map((d: { advice: string }) => d.advice),
      );
      expect(seen.otio.markers.filter((m: { name: string }) => m.name.startsWith('Moment ')).map((m: { comment: string }) => m.comment)).toEqual(
        scan.moments.map((m: { quote: string }) => m.quote),
      );

      expect([seen.fcpxml.version, seen.fcpxml.dtd_valid, seen.fcpxml.dtd_errors, seen.fcpxml.time_errors]).toEqual(['1.9', true, [], []]);
      expect([seen.fcpxml.frame_duration, seen.fcpxml.tc_format]).toEqual([[1, 24], 'NDF']);
      // The format carries the read's size, and a name only when it is the predefined one for that size and rate (the checker's own table).
      expect(seen.fcpxml.format).toEqual({ width: 1280, height: 720, name: 'FFVideoFormat720p24', errors: [] });
      expect(frames(seen.fcpxml.sequence_duration)).toBe(expected.frames);
      const clips = seen.fcpxml.clips as Array<{ offset: [number, number]; start: [number, number]; duration: [number, number]; markers: string[] }>;
      expect(clips.map((c) => [frames(c.offset), frames(c.start), frames(c.duration)])).toEqual(expected.clips.map((c) => [c.start, c.start, c.duration]));
      expect(clips.flatMap((c) => c.markers)).toEqual(names);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the checker refuses a format whose size or name is wrong, so the format check above can fail', async () => {
    // The served scan's export with a 1280x720 size set here, then broken by hand one way at a time.
    const good = exportScan({ ...scan, title: 'Sample for export', width: 1280, height: 720 }, 'fcpxml').body;
    expect(good).toContain('<format id="r1" name="FFVideoFormat720p24" frameDuration="1/24s" width="1280" height="720"/>');
    const documents: Record<string, string> = {
      good,
      wrongName: good.replace('FFVideoFormat720p24', 'FFVideoFormat720p25'),
      nameForCustomSize: good.replace('width="1280" height="720"', 'width="1080" height="1920"'),
      halfSize: good.replace(' height="720"', ''),
      notPixels: good.replace('width="1280"', 'width="1280.5"'),
      undeclared: good.replace('width="1280"', 'widht="1280"'),
    };
    const dir = await mkdtemp(join(tmpdir(), 'holdline-timelines-'));
    try {
      await writeFile(join(dir, 'sample.otio'), (await exportOf(owner, scan.scan_id, 'otio')).text);
      const seen: Record<string, { dtd_valid: boolean; format: { errors: string[] } }> = {};
      for (const [name, body] of Object.entries(documents)) {
        await writeFile(join(dir, `${name}.fcpxml`), body);
        const { stdout } = await promisify(execFile)(TIMELINE_CHECK_PYTHON, [TIMELINE_CHECK_SCRIPT, join(dir, 'sample.otio'), join(dir, `${name}.fcpxml`)], {
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PYTHONDONTWRITEBYTECODE: '1' },
        });
        seen[name] = JSON.parse(stdout).fcpxml;
      }
      expect(Object.fromEntries(Object.entries(seen).map(([name, s]) => [name, [s.dtd_valid, s.format.errors]]))).toEqual({
        good: [true, []],
        wrongName: [true, ['name=FFVideoFormat720p25 but a 1280x720 format at 1/24s is FFVideoFormat720p24']],
        nameForCustomSize: [true, ['name=FFVideoFormat720p24 but a 1080x1920 format at 1/24s is None']],
        halfSize: [true, ['width=1280 height=None: one without the other']],
        notPixels: [true, ['width=1280.5 is not a whole number of pixels']],
        undeclared: [false, ['width=None height=720: one without the other', 'name=FFVideoFormat720p24 without a size']],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('markers.csv lists every marker with its timecodes at 24 fps, non-drop', async () => {
    const rows = (await exportOf(owner, scan.scan_id, 'markers.csv')).text.trimEnd().split('\r\n');
    const expected = editorTimeline({ ...scan, title: 'Sample for export' });
    expect(rows[0]).toBe(RESOLVE_MARKER_COLUMNS.join(','));
    expect(rows).toHaveLength(expected.markers.length + 1);
    // A name with a comma (a dip's several causes: "Dip 0:04–0:12: still picture, silence") is a quoted cell.
    const badRows = rows.slice(1).filter((row) => !/^\d+,("(?:[^"]|"")*"|[^,"]+),\d\d:\d\d:\d\d:\d\d,/.test(row));
    expect(badRows).toEqual([]);
  });
});

describe('refusals, each as {detail}', () => {
  it('an unknown or missing format is 400 naming the formats', async () => {
    for (const format of ['mp4', 'SRT', '', undefined]) {
      const res = await exportOf(owner, scan.scan_id, format);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(JSON.parse(res.text).detail).toContain('use format=srt|vtt|csv|edl|chapters|json|otio|fcpxml|markers.csv');
    }
  });

  it('an unpublished scan without a key is 401; with another account key it is 404, like an unknown id', async () => {
    expect((await exportOf(null, scan.scan_id, 'srt')).status).toBe(401);
    const foreign = await exportOf(other, scan.scan_id, 'srt');
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.text)).toEqual({ detail: `no scan ${scan.scan_id}` });
    const unknown = await exportOf(owner, 'scn_000000000000000000000000', 'srt');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toEqual({ detail: 'no scan scn_000000000000000000000000' });
    // Keyless, an unknown id looks like an unpublished one: no way to probe which ids exist.
    expect((await exportOf(null, 'scn_000000000000000000000000', 'srt')).status).toBe(401);
  });

  it('a queued scan and a failed scan are 409', async () => {
    const queued = await service.deps.scans.insertQueued({
      scan_id: newScanId(),
      account_id: ownerId,
      title: null,
      source: { type: 'url', url: 'http://127.0.0.1/x.mp4' },
      priority: false,
      created_at: new Date(),
    });
    const inFlight = await exportOf(owner, queued.scan_id, 'csv');
    expect(inFlight.status).toBe(409);
    expect(JSON.parse(inFlight.text)).toEqual({ detail: `scan ${queued.scan_id} is queued (0%); exports exist once it is complete` });
    await service.deps.scans.fail(queued.scan_id, 'bad media');
    const failed = await exportOf(owner, queued.scan_id, 'csv');
    expect(failed.status).toBe(409);
    expect(JSON.parse(failed.text)).toEqual({ detail: `scan ${queued.scan_id} ended in error; there is nothing to export` });
  });
});

describe('published scans', () => {
  it('export without a key once published, in every format', async () => {
    const published = await new LibraryStore(service.mongo.db).publish(scan.scan_id, ownerId, 'Sample for export', new Date());
    expect(published.outcome).toBe('published');
    for (const format of EXPORT_FORMATS) {
      const res = await exportOf(null, scan.scan_id, format);
      expect(res.status, format).toBe(200);
      expect(res.text, format).toBe(exportScan({ ...scan, title: 'Sample for export' }, format, { origin: service.apiUrl }).body);
    }
    expect((await exportOf(null, scan.scan_id, 'pdf')).status).toBe(400);
  });
});

import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { vi } from 'vitest';
import { LocalMediaCache } from '../../../activities/media/local-cache';
import { isSequentiallyReadable } from '../../../core/container';
import { wordErrorRate } from '../../../core/word-error-rate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service } from '../helpers/service';
import { namedByFile, ScanClient, SCAN_WAIT_MS } from '../helpers/scan-client';
import { fixture, type Fixture } from '../helpers/fixtures';
import {
  expectCutsMatchTruth,
  expectMomentsOutsideDead,
  expectProgressStages,
  expectSilenceIsSilent,
  recordWrittenProgress,
  secondsIn,
} from '../helpers/truth-checks';

// The read of generated videos checked against how they were made.

let service: Service;
let client: ScanClient;
let files: Server;
let filesUrl: string;
let progress: ReturnType<typeof recordWrittenProgress>;
/** For each scan, the pcts already written when a worker first asked for a local copy of its media. */
const writtenAtFirstCopy = new Map<string, number[]>();

beforeAll(async () => {
  progress = recordWrittenProgress();
  const realGet = LocalMediaCache.prototype.get;
  vi.spyOn(LocalMediaCache.prototype, 'get').mockImplementation(function (this: LocalMediaCache, scanId, signal) {
    if (!writtenAtFirstCopy.has(scanId)) writtenAtFirstCopy.set(scanId, [...progress.of(scanId)]);
    return realGet.call(this, scanId, signal);
  });
  service = await startService({ env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*' } });
  client = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
  files = createServer((request, response) => {
    const name = (request.url ?? '').replace(/^\//, '');
    if (!/^[a-z0-9-]+\.mp4$/.test(name)) return void response.writeHead(404).end();
    fixture(name.replace(/\.mp4$/, ''))
      .then((f) => {
        response.writeHead(200, { 'content-type': 'video/mp4' });
        createReadStream(f.path).pipe(response);
      })
      .catch(() => response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  const address = files.address();
  filesUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  vi.mocked(LocalMediaCache.prototype.get).mockRestore();
  progress?.stop();
  await new Promise((resolve) => files?.close(resolve));
  await service?.stop();
});

function expectCompleteShape(scan: any, f: Fixture) {
  expect(scan.status).toBe('complete');
  expect(scan.scan_id).toMatch(/^scn_[0-9a-f]{24}$/);
  expect(scan.duration_sec).toBeCloseTo(f.truth.duration!, 0);
  expect(Number.isInteger(scan.score)).toBe(true);
  expect(scan.grade).toMatch(/^(A|B|C|D)[+-]?$|^F$/);
  expect(['Gripping', 'Engaging', 'Steady', 'Sluggish', 'Flat']).toContain(scan.label);
  expect(typeof scan.hook).toBe('number');
  expect(scan.timeline).toHaveLength(Math.ceil(f.truth.duration!));
  scan.timeline.forEach((entry: any, i: number) => {
    expect(entry.second).toBe(i);
    for (const key of ['hold', 'motion', 'loudness', 'speech']) {
      expect(entry.scores[key]).toBeGreaterThanOrEqual(0);
      expect(entry.scores[key]).toBeLessThanOrEqual(100);
    }
  });
  for (const key of ['cuts', 'dead', 'moments', 'claims', 'transcript']) expect(Array.isArray(scan[key])).toBe(true);
  expect(typeof scan.summary).toBe('string');
  expect(scan.method).toMatch(/95th percentile/);
  expect(scan.media_url).toBe(`/v1/scans/${scan.scan_id}/media`);
}

/**
 * The read's technical cues against the truth's, kind by kind in time order: each edge within a
 * frame and a half of the truth's (edges at cuts are refined to the frame; the others here are the file's ends).
 */
function expectCuesMatchTruth(scan: any, f: Fixture): number {
  const truth = f.truth.cues ?? [];
  const frame = 1.5 / (f.truth.fps ?? 24);
  expect(scan.technical_cues.map((c: any) => c.kind)).toEqual(truth.map((c) => c.kind));
  truth.forEach((cue, i) => {
    expect(
      Math.abs(scan.technical_cues[i].start - cue.start),
      `${cue.kind} ${cue.start}–${cue.end} starts at ${scan.technical_cues[i].start}`,
    ).toBeLessThanOrEqual(frame);
    expect(
      Math.abs(scan.technical_cues[i].end - Math.min(cue.end, scan.duration_sec)),
      `${cue.kind} ${cue.start}–${cue.end} ends at ${scan.technical_cues[i].end}`,
    ).toBeLessThanOrEqual(frame);
    // Nobody speaks over these: each is a dip of its own, named first among its causes, and advised to be cut.
    const dip = scan.dips.find((d: any) => d.causes[0] === cue.kind && d.start === scan.technical_cues[i].start);
    expect(dip?.advice, `the dip over ${cue.kind} ${cue.start}–${cue.end}`).toMatch(/: cut (them|it)\b/);
  });
  return truth.length;
}

describe('a scan of a video with known cuts, speech and a silent still', () => {
  let f: Fixture;
  let scan: any;
  let pcts: number[];

  beforeAll(async () => {
    f = await fixture('lively-cuts');
    const submitted = await client.upload(f.path, { title: 'Lively cuts' });
    expect(submitted.status).toBe(202);
    expect(submitted.body).toEqual({ scan_id: expect.stringMatching(/^scn_/), status: 'queued', pct: 0 });
    ({ scan, pcts } = await client.waitForScan(submitted.body.scan_id, SCAN_WAIT_MS));
  }, SCAN_WAIT_MS + 60_000);

  it('completes with every field of the complete shape', () => {
    expectCompleteShape(scan, f);
  });

  it('finds every hard cut within a quarter second and no other', () => {
    expect(expectCutsMatchTruth(scan, f, 0.25)).toBeGreaterThan(0);
  });

  it('places no moment inside a dead stretch', () => {
    expect(expectMomentsOutsideDead(scan)).toBeGreaterThan(0);
  });

  it('names the silent colour bars with their span, as a dip to cut', () => {
    expect(expectCuesMatchTruth(scan, f)).toBe(1);
  });

  it('went through ingest 5, probe 10, decode up to 90 and assembly 95, in that order', () => {
    expectProgressStages(progress.of(scan.scan_id));
  });

  it('reports a dead stretch over each silent still of three seconds or more', () => {
    const long = f.truth.silentStills.filter((s) => s.end - s.start >= 3);
    expect(long.length).toBeGreaterThan(0);
    expect(long.flatMap(secondsIn).length).toBeGreaterThan(0);
    for (const still of long) {
      const covered = secondsIn(still).filter((t) => scan.dead.some((d: any) => d.start <= t && t < d.end));
      // The smoothing window and the cut bonus may take a second at either edge.
      expect(covered.length).toBeGreaterThanOrEqual(secondsIn(still).length - 2);
    }
  });

  it('reports no dead second inside moving, sounding segments', () => {
    const lively = f.truth.segments.filter((s) => s.moving);
    let checked = 0;
    for (const segment of lively) {
      const inner = secondsIn({ start: segment.start + 1, end: segment.end - 1 });
      const speechOrTone = inner.filter((t) => [...f.truth.speech, ...f.truth.tones].some((s) => s.start <= t && t + 1 <= s.end));
      for (const t of speechOrTone) expect(scan.dead.some((d: any) => d.start <= t && t < d.end)).toBe(false);
      checked += speechOrTone.length;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('hears speech in the speech windows and none in digital silence', () => {
    const speechSeconds = f.truth.speech.flatMap((s) => secondsIn({ start: s.start, end: s.end }));
    expect(speechSeconds.length).toBeGreaterThan(0);
    const heard = speechSeconds.filter((t) => scan.timeline[t].scores.speech > 0);
    expect(heard.length).toBeGreaterThanOrEqual(Math.ceil(speechSeconds.length / 2));
    expect(expectSilenceIsSilent(scan, f)).toBeGreaterThan(0);
  });

  it('reports progress that never goes back', () => {
    expect(pcts.every((pct, i) => i === 0 || pct >= pcts[i - 1]!)).toBe(true);
    expect(pcts.every((pct) => pct >= 0 && pct < 100)).toBe(true);
  });

  it('shows the scan in the owner history with its score, and to nobody else', async () => {
    const history = await client.request('GET', '/v1/scans?limit=5');
    expect(history.status).toBe(200);
    const entry = history.body.data.find((e: any) => e.scan_id === scan.scan_id);
    expect(entry).toMatchObject({ status: 'complete', title: 'Lively cuts', score: scan.score, grade: scan.grade });
    const stranger = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
    const theirs = await stranger.request('GET', `/v1/scans/${scan.scan_id}`);
    expect(theirs.status).toBe(404);
    const missing = await stranger.request('GET', '/v1/scans/scn_000000000000000000000000');
    expect(theirs.body).toEqual({ detail: expect.any(String) });
    expect(missing.status).toBe(404);
  });

  it('serves the media to its owner with byte ranges', async () => {
    const response = await fetch(`${service.apiUrl}${scan.media_url}`, {
      headers: { authorization: `Bearer ${client.apiKey}`, range: 'bytes=0-99' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
  });
});

/**
 * A fixture scanned once (uploaded, or fetched from the local file server), then checked
 * against its truth: the complete shape, cuts with no false one, moments outside dead
 * stretches, digital silence silent, the progress stages.
 */
function describeFixtureScan(
  name: string,
  via: 'upload' | 'url',
  expected: { cuts: boolean; moments: boolean; silence: boolean },
  extra: (get: () => { f: Fixture; scan: any }) => void = () => undefined,
): () => { f: Fixture; scan: any } {
  let f: Fixture;
  let scan: any;
  const get = () => ({ f, scan });
  describe(`a scan of ${name} (${via === 'url' ? 'fetched from a URL' : 'uploaded'}) against its truth`, () => {
    beforeAll(async () => {
      f = await fixture(name);
      const submitted = via === 'url' ? await client.submitUrl(`${filesUrl}/${name}.mp4`) : await client.upload(f.path);
      expect(submitted.status).toBe(202);
      ({ scan } = await client.waitForScan(submitted.body.scan_id, SCAN_WAIT_MS));
    }, SCAN_WAIT_MS + 60_000);

    it('completes with every field of the complete shape', () => expectCompleteShape(scan, f));
    it(expected.cuts ? 'finds every cut of the truth and no false one' : 'reports no cut (the truth has none)', () => {
      expect(f.truth.cuts.length > 0).toBe(expected.cuts);
      expectCutsMatchTruth(scan, f);
    });
    it('places no moment inside a dead stretch', () => {
      expect(expectMomentsOutsideDead(scan) > 0).toBe(expected.moments);
    });
    it('names the technical cues it was made with (colour bars, black frames, slates), each with its span', () => {
      expectCuesMatchTruth(scan, f);
    });
    if (expected.silence) {
      it('reads the seconds of digital silence as silent', () => {
        expect(expectSilenceIsSilent(scan, f)).toBeGreaterThan(0);
      });
    }
    it('went through ingest 5, probe 10, decode up to 90 and assembly 95, in that order', () => {
      expectProgressStages(progress.of(scan.scan_id));
    });
    extra(get);
  });
  return get;
}

describeFixtureScan('talking', 'url', { cuts: false, moments: true, silence: true }, (get) => {
  it('has a transcript', () => expect(get().scan.transcript.length).toBeGreaterThan(0));
  it('was heard by the ear (Whisper base), in English, and flags each claim sentence of the truth', () => {
    const { scan, f } = get();
    expect(scan.transcriber).toMatch(/^whisper-base/);
    expect(scan.language).toBe('en');
    const bare = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9' ]+/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
    const claimWords = scan.claims.map((c: string) => new Set(bare(c)));
    for (const sentence of f.truth.speech.filter((s) => s.claim)) {
      const words = bare(sentence.text);
      // Most of the sentence's words in one claim: Whisper may mishear a word of espeak's voice, not the sentence.
      const best = Math.max(...claimWords.map((c: Set<string>) => words.filter((w) => c.has(w)).length / words.length));
      expect(best, sentence.text).toBeGreaterThanOrEqual(0.7);
    }
  });
});
describeFixtureScan('portrait', 'upload', { cuts: true, moments: true, silence: true });
describeFixtureScan('sample', 'upload', { cuts: true, moments: true, silence: true });
describeFixtureScan('recut-weak-open', 'upload', { cuts: true, moments: true, silence: true });
describeFixtureScan('cues-bars-black-slate', 'upload', { cuts: true, moments: true, silence: true }, (get) => {
  it('finds black, bars, a title card and black between parts, to the frame at the 25 fps cuts', () => {
    expect(expectCuesMatchTruth(get().scan, get().f)).toBe(4);
  });
});
const noAudio = describeFixtureScan('no-audio', 'upload', { cuts: true, moments: true, silence: false }, (get) => {
  it('reads loudness and speech all zero', () => {
    const { scan } = get();
    expect(scan.timeline.length).toBeGreaterThan(0);
    expect(scan.timeline.every((e: any) => e.scores.loudness === 0 && e.scores.speech === 0)).toBe(true);
  });
});

describe('a file with its moov atom at the end (not fast start)', () => {
  let fastStart: any;
  let moovLast: any;
  let moovLastPath: string;

  beforeAll(async () => {
    const f = await fixture('no-audio');
    // The same streams, remuxed with ffmpeg's default layout: mdat first, moov after it.
    moovLastPath = join(service.scratchRoot, 'moov-last.mp4');
    await promisify(execFile)('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', f.path, '-c', 'copy', '-f', 'mp4', moovLastPath]);
    // The fast-start original is the no-audio scan checked against its truth above (scanned here
    // only when that block was filtered out of the run): one scan of it, not two.
    const scanOf = async (path: string) => {
      const submitted = await client.upload(path);
      expect(submitted.status).toBe(202);
      return (await client.waitForScan(submitted.body.scan_id, SCAN_WAIT_MS)).scan;
    };
    [fastStart, moovLast] = await Promise.all([noAudio().scan ?? scanOf(f.path), scanOf(moovLastPath)]);
  }, SCAN_WAIT_MS + 60_000);

  it('is really laid out that way: the head alone cannot be read in order, the original can', async () => {
    const head = async (path: string) => {
      const file = await open(path);
      try {
        const { buffer, bytesRead } = await file.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    };
    expect(isSequentiallyReadable(await head(moovLastPath))).toBe(false);
    expect(isSequentiallyReadable(await head((await fixture('no-audio')).path))).toBe(true);
  });

  it('is probed from a local copy (asked for before probe wrote 10 %); the fast-start file only at decode', () => {
    const before = writtenAtFirstCopy.get(moovLast.scan_id);
    expect(before, 'no local copy was asked for').toBeDefined();
    expect(before).toContain(5);
    expect(before).not.toContain(10);
    expect(writtenAtFirstCopy.get(fastStart.scan_id)).toContain(10);
  });

  it('is decoded into the same read as the fast-start original', () => {
    expect(moovLast.status).toBe('complete');
    expect(fastStart.status).toBe('complete');
    const read = (scan: any) => ({
      duration: scan.duration_sec,
      timeline: scan.timeline,
      cuts: scan.cuts,
      dead: scan.dead,
      score: scan.score,
      hook: scan.hook,
    });
    expect(read(moovLast)).toEqual(read(fastStart));
    expect(moovLast.timeline.length).toBeGreaterThan(0);
  });
});

describe('scans of other kinds of file', () => {
  it.each(['audio-only', 'corrupt'])('ends a scan of %s in error with a clear detail', async (name) => {
    const f = await fixture(name);
    const submitted = await client.upload(f.path);
    expect(submitted.status).toBe(202);
    const { scan } = await client.waitForScan(submitted.body.scan_id, SCAN_WAIT_MS);
    expect(scan).toEqual({
      scan_id: submitted.body.scan_id,
      status: 'error',
      pct: expect.any(Number),
      detail: expect.any(String),
      ...namedByFile(f.path),
      created_at: expect.any(String),
    });
    expect(scan.detail).toMatch(name === 'audio-only' ? /no video/i : /corrupt|not a (video|media)|could not be read/i);
    // Nothing of a failed scan is left behind once its workflow has finished.
    await service.temporal.workflow.getHandle(`scan-${scan.scan_id}`).result();
    expect(await service.deps.scans.getParts(scan.scan_id)).toBeNull();
    expect(await service.deps.media.stat('media', `media:${scan.scan_id}`)).toBeNull();
  });
});

// Issue 19: real recorded human speech (LibriVox, with its words), under a music bed, the bed
// alone, and Spanish, each scanned end to end and heard by the ear. The word error rates and
// edges asked of the read here are issue 19's targets; `npm run bench -- --fidelity` measured
// 0.03 clean and 0.06 under the bed, edges within 0.20 s (pocketsphinx: 0.39 and 0.48).
describe('real speech heard by the ear', () => {
  const scans = new Map<string, { f: Fixture; scan: any }>();
  const names = ['real-speech', 'real-speech-music-10', 'real-music-only', 'speech-es'];
  beforeAll(async () => {
    for (const name of names) {
      const f = await fixture(name);
      const submitted = await client.upload(f.path);
      expect(submitted.status).toBe(202);
      scans.set(name, { f, scan: (await client.waitForScan(submitted.body.scan_id, SCAN_WAIT_MS)).scan });
    }
  }, 4 * SCAN_WAIT_MS);
  const get = (name: string) => scans.get(name)!;
  const said = (f: Fixture) => f.truth.speech.map((s) => s.text).join(' ');
  const heard = (scan: any) => scan.transcript.map((s: any) => s.text).join(' ');
  /** Share of the truth's spoken seconds (at least 0.3 s of speech, issue 19's definition) whose speech score is above 0. */
  const spokenHeard = (f: Fixture, scan: any) => {
    const spoken = scan.timeline
      .map((e: any) => e.second)
      .filter((t: number) => f.truth.speech.reduce((sum, s) => sum + Math.max(0, Math.min(t + 1, s.end) - Math.max(t, s.start)), 0) >= 0.3);
    return spoken.filter((t: number) => scan.timeline[t].scores.speech > 0).length / spoken.length;
  };
  /** Largest distance of each spoken stretch's transcript (the segments whose middle lies in it, ±1 s) from its start and end. */
  const edgeErrors = (f: Fixture, scan: any) =>
    f.truth.speech.map((s) => {
      const near = scan.transcript.filter((seg: any) => (seg.start + seg.end) / 2 >= s.start - 1 && (seg.start + seg.end) / 2 <= s.end + 1);
      expect(near.length).toBeGreaterThan(0);
      return Math.max(Math.abs(Math.min(...near.map((seg: any) => seg.start)) - s.start), Math.abs(Math.max(...near.map((seg: any) => seg.end)) - s.end));
    });

  it('clean: the words as read, in English, by Whisper base', () => {
    const { f, scan } = get('real-speech');
    expect(scan.transcriber).toMatch(/^whisper-base int8 \(faster-whisper /);
    expect(scan.language).toBe('en');
    expect(wordErrorRate(said(f), heard(scan)).rate).toBeLessThanOrEqual(0.08);
    expect(spokenHeard(f, scan)).toBeGreaterThanOrEqual(0.9);
    expect(Math.max(...edgeErrors(f, scan))).toBeLessThanOrEqual(0.3);
  });

  it('under a music bed 10 dB down: the words still, and speech in the spoken seconds', () => {
    const { f, scan } = get('real-speech-music-10');
    expect(wordErrorRate(said(f), heard(scan)).rate).toBeLessThanOrEqual(0.12);
    expect(spokenHeard(f, scan)).toBeGreaterThanOrEqual(0.9);
    expect(Math.max(...edgeErrors(f, scan))).toBeLessThanOrEqual(0.3);
  });

  it('the bed alone: no words, no claims, no language, speech 0 in at least 95 % of seconds', () => {
    const { scan } = get('real-music-only');
    expect(scan.transcript).toEqual([]);
    expect(scan.claims).toEqual([]);
    expect(scan.language).toBeNull();
    expect(scan.timeline.filter((e: any) => e.scores.speech === 0).length / scan.timeline.length).toBeGreaterThanOrEqual(0.95);
  });

  it('Spanish: transcribed and named es; no claims, since the cues are English, and the method text says why', () => {
    const { f, scan } = get('speech-es');
    expect(f.truth.language).toBe('es');
    expect(scan.language).toBe('es');
    expect(scan.transcript.length).toBeGreaterThan(0);
    expect(wordErrorRate(said(f), heard(scan)).rate).toBeLessThanOrEqual(0.4);
    expect(scan.claims).toEqual([]);
    expect(scan.method).toContain('in the language es (so no claims are flagged)');
  });
});

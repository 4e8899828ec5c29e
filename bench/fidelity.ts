// Fidelity benchmark: how well the read matches what each fixture was made of.
// Per fixture and transcription engine: the word error rate of the read's
// transcript against the words spoken, speech precision and recall per second
// against the spoken seconds of its truth, how far each spoken stretch's first
// and last recognised word fall from the truth's window, cut precision and
// recall against its cut times (a found cut within 0.5 s of a true one counts),
// and the transcription time. The voice detector gets rows of its own (its
// regions' precision, recall and boundaries). PySceneDetect's adaptive detector
// is run beside it when `scenedetect` is on PATH (skipped with a note if not).
// Figures only; nothing here asserts.
//
//   npm run bench -- --fidelity            (every fixture)
//   node --import tsx bench/fidelity.ts [--only a,b] [--no-speech] [--no-gate]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planTranscriptChunks } from '../core/chunks';
import { assembleRead } from '../core/read';
import type { RecognisedWord } from '../core/measurements';
import { gateWords } from '../core/speech';
import { wordErrorRate } from '../core/word-error-rate';
import { decodeMedia } from '../activities/media/decode';
import { writeWavSlice } from '../activities/media/wav';
import { VOICE_DETECTOR_NAME, detectVoice } from '../activities/media/voice';
import { boundaryErrors, perSecondScores, secondsCovered, type BoundaryErrors } from './fidelity-measures';
import { createTranscribers, type NamedTranscriber } from './fidelity-engines';
import { makeFixtures } from '../tooling/fixtures/make';
import type { FixtureTruth } from '../tooling/fixtures/truth';

const args = process.argv.slice(2);
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice(7) ?? (args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined);
const withSpeech = !args.includes('--no-speech');
/** `--no-gate` measures the read without the voice gate (the numbers before issue 8). */
const gate = !args.includes('--no-gate');
const CUT_TOLERANCE_SEC = 0.5;

interface Row {
  fixture: string;
  engine: string;
  /** Word error rate of the read's transcript; null when nothing was spoken. */
  wer: number | null;
  /** Words the read kept where nothing was spoken (music, noise). */
  wordsWithoutSpeech: number | null;
  edges: BoundaryErrors | null;
  speechP: number | null;
  speechR: number | null;
  spokenSeconds: number;
  flaggedSeconds: number;
  cutP: number | null;
  cutR: number | null;
  cutsFound: number;
  cutsTrue: number;
  sceneP: number | null;
  sceneFound: number | null;
  sceneR: number | null;
  transcribeSec: number | null;
  words: number;
}

/** Seconds t whose [t, t+1) overlaps the truth's speech by at least 0.3 s. */
function spokenSeconds(truth: FixtureTruth, n: number): boolean[] {
  return secondsCovered(truth.speech, n);
}

interface DetectorRow {
  fixture: string;
  detector: string;
  scores: ReturnType<typeof perSecondScores>;
  edges: BoundaryErrors;
  seconds: number;
}

function cutScores(found: readonly number[], truth: readonly number[]): { p: number | null; r: number | null } {
  const hit = (a: number, list: readonly number[]) => list.some((b) => Math.abs(a - b) <= CUT_TOLERANCE_SEC);
  const p = found.length === 0 ? (truth.length === 0 ? 1 : null) : found.filter((c) => hit(c, truth)).length / found.length;
  const r = truth.length === 0 ? null : truth.filter((c) => hit(c, found)).length / truth.length;
  return { p, r };
}

function sceneDetectCuts(path: string, work: string): number[] | null {
  const out = join(work, 'scenedetect');
  const run = spawnSync('scenedetect', ['-i', path, '-q', '-o', out, 'detect-adaptive', 'list-scenes', '-f', 'scenes.csv'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return null;
  // The CSV's first row is the cut list: `Timecode List:,00:00:04.000,…`.
  const first = readFileSync(join(out, 'scenes.csv'), 'utf8').split('\n')[0] ?? '';
  return first
    .split(',')
    .slice(1)
    .map((tc) => {
      const [h, m, s] = tc.trim().split(':').map(Number);
      return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
    })
    .filter((x) => Number.isFinite(x));
}

const fmt = (x: number | null) => (x === null ? '  -  ' : x.toFixed(2).padStart(5));
const fmtEdges = (e: BoundaryErrors | null) =>
  e === null || e.maxStartError === null || e.maxEndError === null ? '     -     ' : `${e.maxStartError.toFixed(2)}/${e.maxEndError.toFixed(2)}`.padStart(11);

async function main(): Promise<void> {
  const fixtures = (await makeFixtures({ ...(onlyArg ? { only: onlyArg.split(',') } : {}), log: (l) => console.error(`fixtures: ${l}`) })).filter(
    (f) => !f.truth.expectError && f.truth.hasVideo,
  );
  const engines: NamedTranscriber[] = withSpeech ? await createTranscribers() : [];
  const hasSceneDetect = spawnSync('scenedetect', ['version']).status === 0;
  const rows: Row[] = [];
  const detectorRows: DetectorRow[] = [];
  const work = await mkdtemp(join(tmpdir(), 'holdline-fidelity-'));
  try {
    for (const fixture of fixtures) {
      const truth = fixture.truth;
      const duration = truth.duration ?? 0;
      const wav = join(work, `${fixture.name}.wav`);
      const decoded = await decodeMedia({ input: fixture.path, wavOut: wav, hasAudio: truth.hasAudio, durationSec: duration });
      const scene = hasSceneDetect ? sceneDetectCuts(fixture.path, work) : null;
      const sceneScores = scene ? cutScores(scene, truth.cuts) : { p: null, r: null };
      const runs: Array<{ engine: string; words: RecognisedWord[]; seconds: number | null; voice?: Array<{ start: number; end: number }> }> = [];
      // The chunks the worker would transcribe, each run through the voice detector once.
      const slices: Array<{ path: string; startSec: number }> = [];
      let voice: Array<{ start: number; end: number }> | undefined;
      if (truth.hasAudio) {
        for (const [i, range] of planTranscriptChunks(decoded.windowRms, duration).entries()) {
          const slice = join(work, `${fixture.name}-${i}.wav`);
          const written = await writeWavSlice({ source: wav, startSec: range.start, endSec: range.end, out: slice });
          slices.push({ path: slice, startSec: written.startSec });
        }
        const n = Math.ceil(duration);
        const started = Date.now();
        const regions: Array<{ start: number; end: number }> = [];
        for (const slice of slices) regions.push(...(await detectVoice(slice.path, slice.startSec)));
        voice = regions;
        detectorRows.push({
          fixture: fixture.name,
          detector: VOICE_DETECTOR_NAME,
          scores: perSecondScores(secondsCovered(regions, n), spokenSeconds(truth, n)),
          edges: boundaryErrors(truth.speech, regions, 'overlap'),
          seconds: (Date.now() - started) / 1000,
        });
      }
      if (engines.length === 0 || !truth.hasAudio) runs.push({ engine: '-', words: [], seconds: null });
      for (const engine of truth.hasAudio ? engines : []) {
        const started = Date.now();
        const words: RecognisedWord[] = [];
        let heardBy = engine.name;
        for (const slice of slices) {
          const heard = await engine.ear.hear({ wavPath: slice.path, offsetSec: slice.startSec });
          heardBy = heard.engine;
          words.push(...heard.words);
        }
        runs.push({ engine: heardBy, words, seconds: (Date.now() - started) / 1000, ...(gate && voice ? { voice } : {}) });
      }
      for (const run of runs) {
        const read = assembleRead({
          durationSec: duration,
          frameDiffs: decoded.frameDiffs,
          skipDiffs: decoded.skipDiffs,
          loudnessRms: decoded.loudnessRms,
          words: run.words,
          ...(run.voice ? { voice: run.voice } : {}),
        });
        const n = read.timeline.length;
        const spoken = spokenSeconds(truth, n);
        const flagged = read.timeline.map((e) => e.scores.speech > 0);
        const tp = flagged.filter((f, t) => f && spoken[t]).length;
        const flaggedCount = flagged.filter(Boolean).length;
        const spokenCount = spoken.filter(Boolean).length;
        const cuts = cutScores(read.cuts, truth.cuts);
        // The words the read counts (gated as in assembleRead), in time order.
        const kept = gateWords(run.words, run.voice).sort((a, b) => a.start - b.start);
        const spokenText = truth.speech.map((s) => s.text).join(' ');
        const errors = wordErrorRate(spokenText, kept.map((w) => w.word).join(' '));
        rows.push({
          fixture: fixture.name,
          engine: run.engine,
          wer: run.seconds === null ? null : errors.rate,
          wordsWithoutSpeech: run.seconds === null || truth.speech.length > 0 ? null : errors.hypothesisWords,
          edges: run.seconds === null ? null : boundaryErrors(truth.speech, kept, 'nearest'),
          speechP: run.seconds === null ? null : flaggedCount === 0 ? (spokenCount === 0 ? 1 : null) : tp / flaggedCount,
          speechR: run.seconds === null || spokenCount === 0 ? null : tp / spokenCount,
          spokenSeconds: spokenCount,
          flaggedSeconds: flaggedCount,
          cutP: cuts.p,
          cutR: cuts.r,
          cutsFound: read.cuts.length,
          cutsTrue: truth.cuts.length,
          sceneP: sceneScores.p,
          sceneFound: scene ? scene.length : null,
          sceneR: sceneScores.r,
          transcribeSec: run.seconds,
          words: read.transcript.reduce((sum, s) => sum + s.text.split(' ').length, 0),
        });
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  console.log(
    "\nFidelity. WER: word error rate of the read's transcript against the words spoken (case and punctuation ignored; on a file without speech, the words kept instead). " +
      "Speech P/R per second (a second is spoken when the truth has >= 0.3 s of speech in it). Edge s: largest |error| of a spoken stretch's first word start / last word end against its truth window. " +
      'Cuts within 0.5 s. "-" = undefined: nothing to find or nothing found.',
  );
  console.log(
    `${'fixture'.padEnd(22)} ${'engine'.padEnd(28)}   WER  speechP speechR spoken/flagged   edge s    cutP  cutR found/true ${hasSceneDetect ? 'PySD-P PySD-R ' : ''}words  asr s`,
  );
  for (const r of rows) {
    const wer = r.wer !== null ? fmt(r.wer) : r.wordsWithoutSpeech !== null ? `${r.wordsWithoutSpeech}w`.padStart(5) : fmt(null);
    console.log(
      `${r.fixture.padEnd(22)} ${r.engine.slice(0, 28).padEnd(28)} ${wer}  ${fmt(r.speechP)}   ${fmt(r.speechR)}   ${`${r.spokenSeconds}/${r.flaggedSeconds}`.padStart(6)}      ${fmtEdges(r.edges)}  ${fmt(r.cutP)} ${fmt(r.cutR)}  ${`${r.cutsFound}/${r.cutsTrue}`.padStart(5)}    ${hasSceneDetect ? `${fmt(r.sceneP)}  ${fmt(r.sceneR)}  ` : ''}${String(r.words).padStart(5)}  ${r.transcribeSec === null ? '  -' : r.transcribeSec.toFixed(1).padStart(5)}`,
    );
  }
  console.log(
    `\nVoice detector (${VOICE_DETECTOR_NAME}; its regions gate the words above). Voice P/R per second (a second is flagged when the regions cover >= 0.3 s of it); ` +
      'edge s: largest |error| of the start / end of the regions overlapping each spoken stretch; stretches with a region / all.',
  );
  console.log(`${'fixture'.padEnd(22)} ${'detector'.padEnd(28)} voiceP voiceR spoken/flagged   edge s    found  vad s`);
  for (const r of detectorRows) {
    console.log(
      `${r.fixture.padEnd(22)} ${r.detector.padEnd(28)} ${fmt(r.scores.precision)}  ${fmt(r.scores.recall)}   ${`${r.scores.spoken}/${r.scores.flagged}`.padStart(6)}      ${fmtEdges(r.edges)}  ${`${r.edges.measured}/${r.edges.stretches}`.padStart(5)}  ${r.seconds.toFixed(2).padStart(5)}`,
    );
  }
  const allTrue = rows.filter((r, i) => rows.findIndex((x) => x.fixture === r.fixture) === i);
  const totalTrue = allTrue.reduce((s, r) => s + r.cutsTrue, 0);
  const totalFound = allTrue.reduce((s, r) => s + r.cutsFound, 0);
  const totalHit = allTrue.reduce((s, r) => s + (r.cutR ?? 0) * r.cutsTrue, 0);
  const totalGood = allTrue.reduce((s, r) => s + (r.cutP ?? 0) * r.cutsFound, 0);
  console.log(
    `\nCuts over all fixtures: precision ${totalFound ? (totalGood / totalFound).toFixed(2) : '-'} (${Math.round(totalGood)}/${totalFound}), recall ${totalTrue ? (totalHit / totalTrue).toFixed(2) : '-'} (${Math.round(totalHit)}/${totalTrue})`,
  );
  if (hasSceneDetect) {
    const found = allTrue.reduce((sum, r) => sum + (r.sceneFound ?? 0), 0);
    const good = allTrue.reduce((sum, r) => sum + (r.sceneP ?? 0) * (r.sceneFound ?? 0), 0);
    const hit = allTrue.reduce((sum, r) => sum + (r.sceneR ?? 0) * r.cutsTrue, 0);
    console.log(
      `PySceneDetect detect-adaptive (defaults) over all fixtures: precision ${found ? (good / found).toFixed(2) : '-'} (${Math.round(good)}/${found}), recall ${totalTrue ? (hit / totalTrue).toFixed(2) : '-'} (${Math.round(hit)}/${totalTrue})`,
    );
  }
  if (!hasSceneDetect) console.log('PySceneDetect: not installed (pip install scenedetect[opencv]); its columns are skipped.');
}

await main();

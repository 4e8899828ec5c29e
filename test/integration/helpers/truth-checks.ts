// Checks of a complete scan against the truth its fixture was made from, shared by
// every file that scans fixtures. Each returns how many truth items it compared, and
// fails when that is zero where the truth says there is something to compare.
import { expect, vi } from 'vitest';
import { STAGE_PCT } from '../../../core/progress';
import { ScansStore } from '../../../store/scans';
import type { Fixture } from './fixtures';

const isDead = (scan: any, t: number) => scan.dead.some((d: any) => d.start <= t && t < d.end);

/**
 * Every cut of the truth is found within `tolerance` seconds, and no reported cut lies
 * farther than that from every truth cut (a false cut). Returns the cuts compared.
 */
export function expectCutsMatchTruth(scan: any, f: Fixture, tolerance = 0.5): number {
  const near = (a: number, b: number) => Math.abs(a - b) <= tolerance;
  const missed = f.truth.cuts.filter((cut) => !scan.cuts.some((found: number) => near(found, cut)));
  const invented = scan.cuts.filter((found: number) => !f.truth.cuts.some((cut) => near(found, cut)));
  expect({ missed, invented }, `${f.truth.name}: cuts ${JSON.stringify(scan.cuts)} vs truth ${JSON.stringify(f.truth.cuts)}`).toEqual({
    missed: [],
    invented: [],
  });
  expect(scan.cuts).toHaveLength(f.truth.cuts.length);
  return f.truth.cuts.length + scan.cuts.length;
}

/** No moment lies inside a dead stretch. Returns the moments checked. */
export function expectMomentsOutsideDead(scan: any): number {
  const inDead = scan.moments.filter((m: any) => isDead(scan, m.second));
  expect(inDead, `moments ${JSON.stringify(scan.moments)} vs dead ${JSON.stringify(scan.dead)}`).toEqual([]);
  return scan.moments.length;
}

/** Whole seconds inside `span`. */
export const secondsIn = (span: { start: number; end: number }) => {
  const seconds: number[] = [];
  for (let t = Math.ceil(span.start); t + 1 <= Math.floor(span.end); t++) seconds.push(t);
  return seconds;
};

/** The recogniser may place a word's start this far before the voice really starts (its aligner's slack). */
const WORD_EDGE_SLACK_SEC = 0.5;

/**
 * The seconds of digital silence read as silent: loudness 0 in each, and speech 0 in each
 * that lies at least WORD_EDGE_SLACK_SEC away from the truth's speech. Returns the seconds checked.
 */
export function expectSilenceIsSilent(scan: any, f: Fixture): number {
  const seconds = f.truth.silence.flatMap(secondsIn);
  const clearOfSpeech = (t: number) => f.truth.speech.every((s) => t + 1 <= s.start - WORD_EDGE_SLACK_SEC || t >= s.end + WORD_EDGE_SLACK_SEC);
  const loud = seconds.filter((t) => scan.timeline[t].scores.loudness !== 0 || (clearOfSpeech(t) && scan.timeline[t].scores.speech !== 0));
  expect(
    loud.map((t) => ({ t, ...scan.timeline[t].scores })),
    `${f.truth.name}: seconds of digital silence read as sounding`,
  ).toEqual([]);
  return seconds.length;
}

/**
 * Records every pct the workers of this process write (`ScansStore.advance`, called through
 * unchanged), by scan id. Only scans run by in-process workers are seen.
 */
export function recordWrittenProgress(): { of(scanId: string): number[]; stop(): void } {
  const written = new Map<string, number[]>();
  const realAdvance = ScansStore.prototype.advance;
  const spy = vi.spyOn(ScansStore.prototype, 'advance').mockImplementation(function (this: ScansStore, scanId, pct, set) {
    written.set(scanId, [...(written.get(scanId) ?? []), pct]);
    return realAdvance.call(this, scanId, pct, set);
  });
  return { of: (scanId) => written.get(scanId) ?? [], stop: () => spy.mockRestore() };
}

/**
 * The pcts a scan's workers wrote, in call order: ingest 5, then probe 10, then decode and
 * transcription up to exactly 90 (never past it), then assembly 95; none at 100 or over.
 * (A decode progress write may land after a later stage's: the store keeps the maximum.)
 */
export function expectProgressStages(written: number[]): void {
  const shown = `pcts ${written.join(',')}`;
  const stages = [STAGE_PCT.ingest, STAGE_PCT.probe, 90, STAGE_PCT.assembly];
  const firsts = stages.map((stage) => written.indexOf(stage));
  expect(
    firsts.every((at) => at >= 0),
    shown,
  ).toBe(true);
  expect(
    [...firsts].sort((a, b) => a - b),
    shown,
  ).toEqual(firsts);
  const decoding = written.filter((pct) => pct > STAGE_PCT.probe && pct !== STAGE_PCT.assembly);
  expect(
    decoding.every((pct) => pct <= 90),
    shown,
  ).toBe(true);
  expect(
    written.every((pct) => pct < 100),
    shown,
  ).toBe(true);
}

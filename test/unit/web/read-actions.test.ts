import { describe, expect, it } from 'vitest';
import { assembleRead } from '../../../core/read';
import type { RawMeasurements } from '../../../core/measurements';
import { readActionsSection } from '../../../web/read-actions';
import { plotData, scanPage } from '../../../web/scan-page';

// 20 s: a moving, loud, talking picture with a still silent slate over seconds 8–13 (frames 32–55) and a cut at 4 s.
const frameDiffs = Array.from({ length: 80 }, (_, k) => (k === 0 ? 0 : k === 16 ? 80 : k >= 32 && k < 56 ? 0 : 8 + (k % 3)));
const raw: RawMeasurements = {
  durationSec: 20,
  frameDiffs,
  skipDiffs: frameDiffs.map(() => Number.NaN),
  loudnessRms: Array.from({ length: 20 }, (_, t) => (t >= 8 && t < 13 ? 0 : 0.2)),
  words: Array.from({ length: 40 }, (_, i) => ({ word: `w${i}`, start: i / 2, end: i / 2 + 0.3 })).filter((w) => w.start < 8 || w.start >= 13),
};

describe('read actions on the scan page', () => {
  const read = assembleRead(raw);

  it("the read names the slate's causes: still picture, silence, no speech", () => {
    const slate = read.dips?.find((d) => d.start <= 9 && d.end >= 12);
    expect(slate?.causes.slice(0, 3)).toEqual(['still_picture', 'silence', 'no_speech']);
  });

  it('lists every dip with its causes and advice, and the hook report', () => {
    const section = readActionsSection(read).toString();
    expect(section).toContain('<ul id="dips">');
    for (const dip of read.dips ?? []) expect(section).toContain(dip.advice);
    expect(section).toContain('<span class="tag">still picture</span>');
    expect(section).toContain(`<strong>${read.hook_report?.value}</strong> of 100`);
    expect(section).toContain(`Suggested opening: the strongest 3 s, <a href="#player" class="seek" data-seek="${read.hook_report?.best_opening.start}">`);
    expect(section).toContain(read.hook_report?.scale.replace(/'/g, '&#39;'));
    // No Library percentile until more than 20 scans are published.
    expect(section).not.toContain('id="hook-library"');
    expect(readActionsSection({ ...read, hook_report: { ...read.hook_report!, library_percentile: 82.5 } }).toString()).toContain(
      'and than <span id="hook-library">82.5%</span> of the Library\'s published hooks.',
    );
    expect(scanPage(null, { scan_id: 'scn_1', title: null, status: 'complete', pct: 100, read, mediaSrc: null, owner: false })).toContain('id="act"');
  });

  it("gives the plot each dip's span and advice, and the legend a dip entry", () => {
    expect(plotData(read).dips).toEqual((read.dips ?? []).map((d) => ({ start: d.start, end: d.end, advice: d.advice })));
    expect(plotData(read).dips.length).toBeGreaterThan(0);
    const page = scanPage(null, { scan_id: 'scn_1', title: null, status: 'complete', pct: 100, read, mediaSrc: null, owner: false });
    expect(page).toContain('<span class="dip">dip (hover or tap for advice)</span>');
    const { dips: _dips, ...older } = read;
    expect(plotData(older).dips).toEqual([]);
    expect(scanPage(null, { scan_id: 'scn_1', title: null, status: 'complete', pct: 100, read: older, mediaSrc: null, owner: false })).not.toContain(
      'class="dip"',
    );
  });

  it('shows nothing for a read made before dips and the hook report existed', () => {
    const { dips: _dips, hook_report: _hook, ...older } = read;
    expect(readActionsSection(older).toString()).toBe('');
  });
});

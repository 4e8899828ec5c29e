// The home page's small picture of the demo scan: its hold per second as an SVG
// drawn on the server, so it needs no script (the page's CSP allows none inline).
import type { ScanRead } from '../core/wire/read';
import { clock } from './format';
import { html, type SafeHtml } from './html';

const W = 600;
const H = 140;
const PAD = 4;

type CurveRead = Pick<ScanRead, 'timeline' | 'cuts' | 'dead' | 'duration_sec'>;

/** Hold (0..100) per second as a polyline, dead stretches shaded and cuts as ticks; empty when there is no timeline. */
export function holdCurveSvg(read: CurveRead, title: string): SafeHtml {
  const hold = read.timeline.map((entry) => clamp(entry.scores.hold));
  if (hold.length === 0) return html``;
  const span = hold.length;
  const x = (second: number) => (PAD + (second / span) * (W - 2 * PAD)).toFixed(1);
  const y = (value: number) => (PAD + (1 - value / 100) * (H - 2 * PAD)).toFixed(1);
  // One point per second at its middle; a one-second scan still draws a line across.
  const points = hold.length === 1 ? `${x(0)},${y(hold[0]!)} ${x(1)},${y(hold[0]!)}` : hold.map((v, t) => `${x(t + 0.5)},${y(v)}`).join(' ');
  const label = `Hold per second of ${title}, ${clock(read.duration_sec)} long: ${read.cuts.length} cuts, ${read.dead.length} dead stretches`;
  return html`<svg class="hold-curve" id="demo-curve" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-label="${label}">
  <title>${label}</title>
  <line class="floor" x1="${PAD}" x2="${W - PAD}" y1="${y(30)}" y2="${y(30)}"></line>
  ${read.dead.map((d) => html`<rect class="dead" x="${x(d.start)}" y="${PAD}" width="${Math.max(1, Number(x(d.end)) - Number(x(d.start))).toFixed(1)}" height="${H - 2 * PAD}"></rect>`)}
  ${read.cuts.map((c) => html`<line class="cut" x1="${x(c)}" x2="${x(c)}" y1="${H - PAD - 14}" y2="${H - PAD}"></line>`)}
  <polyline class="hold" points="${points}"></polyline>
</svg>`;
}

const clamp = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

// The recut agent on the website: the "Propose a recut" form on a complete scan's page
// (Agents plan), and the recut's page: kept segments over the parent's hold curve, both
// hold curves side by side, before and after figures, and the recut video. The curves
// are inline SVG drawn here (no script), so the page works under the strict CSP.

import type { ReadFigures, Segment } from '../core/recut';
import type { RecutDoc } from '../store/recuts';
import { clock } from './format';
import { html, raw, type SafeHtml } from './html';
import { csrfField, layout, type Viewer } from './layout';

/** A recut as the scan page lists it. */
export type RecutListEntry = Pick<RecutDoc, 'recut_id' | 'status' | 'pct' | 'created_at'>;

/** The form (Agents plan) or a pointer to the plan that has it, and the scan's recuts so far. */
export function recutSection(viewer: Viewer, scanId: string, allowed: boolean, recuts: RecutListEntry[]): SafeHtml {
  const form = allowed
    ? html`<form method="post" action="/scans/${scanId}/recut" class="inline-form">${csrfField(viewer)}
      <label>Goal <input name="goal" maxlength="500" placeholder="cut to under 60 s for Shorts"></label>
      <label>Maximum length (s) <input name="max_seconds" type="number" min="1" max="86400" step="any"></label>
      <button type="submit">Propose a recut</button></form>`
    : html`<p>The recut agent is part of the Agents plan: switch on your <a href="/account">account</a> page.</p>`;
  const list =
    recuts.length === 0
      ? html``
      : html`<ul class="recuts">${recuts.map(
          (r) =>
            html`<li><a href="/recuts/${r.recut_id}">${r.recut_id}</a>: ${r.status}${r.status === 'complete' || r.status === 'error' ? '' : ` ${r.pct}%`}</li>`,
        )}</ul>`;
  return html`<section class="card" id="recut"><h2>Recut</h2>
    <p>The agent proposes the parts to keep, renders them, re-scans the result (one scan of your quota) and compares.</p>
    ${form}${list}</section>`;
}

/** The recut's own fields (store/recuts.ts), and what the page adds: both hold curves and the player's source. */
export type RecutPageView = Pick<
  RecutDoc,
  | 'recut_id'
  | 'status'
  | 'pct'
  | 'stage'
  | 'detail'
  | 'parent_scan_id'
  | 'scan_id'
  | 'segments'
  | 'rationale'
  | 'proposed_by'
  | 'base_model'
  | 'before'
  | 'after'
> & {
  parentHold: number[];
  childHold: number[] | null;
  /** The recut video through the session; null when it is not ready. */
  mediaSrc: string | null;
};

const W = 600;
const H = 160;

/** A hold curve (0–100 per second) as an SVG polyline, with optional shaded spans. */
export function holdSvg(hold: readonly number[], label: string, kept: readonly Segment[] = []): SafeHtml {
  const n = Math.max(1, hold.length);
  const x = (t: number) => ((t / n) * W).toFixed(1);
  const y = (h: number) => (H - (Math.max(0, Math.min(100, h)) / 100) * H).toFixed(1);
  const points = hold.map((h, t) => `${x(t + 0.5)},${y(h)}`).join(' ');
  const spans = kept
    .map(
      (s) =>
        `<rect x="${x(s.start)}" y="0" width="${(((s.end - s.start) / n) * W).toFixed(1)}" height="${H}" fill="#3a7" fill-opacity="0.18"><title>kept ${clock(s.start)}–${clock(s.end)}</title></rect>`,
    )
    .join('');
  // Every value above is a number formatted here; the label is escaped by `html`.
  return html`<svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${label}" class="hold-curve">${raw(spans)}<line x1="0" y1="${y(30)}" x2="${W}" y2="${y(30)}" stroke="#c44" stroke-dasharray="4 4"/><polyline points="${points}" fill="none" stroke="#246" stroke-width="2"/></svg>`;
}

type DipFigures = NonNullable<ReadFigures['dips']>;

/** "2 (9 s)"; a dash for a read made before dips existed. */
const dipCount = (dips: DipFigures | null | undefined) => (dips ? `${dips.count} (${dips.seconds} s)` : '–');
/** "still picture 2, silence 1"; "none" when no dip names a cause. */
const dipCauses = (dips: DipFigures | null | undefined) => {
  if (!dips) return '–';
  const named = Object.entries(dips.causes).map(([cause, count]) => `${cause.replace(/_/g, ' ')} ${count}`);
  return named.length > 0 ? named.join(', ') : 'none';
};

function figuresTable(before: ReadFigures, after: ReadFigures): SafeHtml {
  const row = (name: string, key: Exclude<keyof ReadFigures, 'dips'>, format: (v: number | string) => string = String) =>
    html`<tr><th>${name}</th><td>${format(before[key])}</td><td>${format(after[key])}</td></tr>`;
  return html`<table class="figures" id="figures"><thead><tr><th></th><th>Before</th><th>After</th></tr></thead><tbody>
    ${row('Score', 'score')}${row('Grade', 'grade')}${row('Hook', 'hook')}${row('Dead seconds', 'dead_seconds')}
    ${row('Length', 'duration_sec', (v) => clock(Number(v)))}${row('Average hold', 'average_hold')}
    <tr id="dips-count"><th>Dips</th><td>${dipCount(before.dips)}</td><td>${dipCount(after.dips)}</td></tr>
    <tr id="dips-causes"><th>Dip causes</th><td>${dipCauses(before.dips)}</td><td>${dipCauses(after.dips)}</td></tr></tbody></table>`;
}

export function recutPage(viewer: Viewer, view: RecutPageView): string {
  const title = `Recut ${view.recut_id}`;
  if (view.status === 'error') {
    return layout({
      title,
      viewer,
      body: html`<section class="narrow"><h1>${title}</h1><p class="error" id="detail">${view.detail ?? 'The recut failed.'}</p>
      <p><a href="/scans/${view.parent_scan_id}">Back to the scan</a></p></section>`,
    });
  }
  if (view.status !== 'complete' || !view.segments || !view.before || !view.after) {
    return layout({
      title,
      viewer,
      refreshSec: 3,
      body: html`<section class="narrow"><h1>${title}</h1>
      <p id="progress">${view.status}: ${view.stage}, ${view.pct}%</p><p><a href="/scans/${view.parent_scan_id}">Back to the scan</a></p></section>`,
    });
  }
  const by = view.proposed_by === 'model' ? `proposed by the model (${view.base_model ?? 'unknown'})` : 'proposed by the rules (the model was not used)';
  const body = html`<section><h1>${title}</h1>
  <p>Of <a href="/scans/${view.parent_scan_id}">the scan</a>, ${by}; re-scanned as <a href="/scans/${view.scan_id}">${view.scan_id}</a>.</p>
  <p class="summary" id="rationale">${view.rationale ?? ''}</p>
  <p id="segments">Kept: ${view.segments.map((s) => `${clock(s.start)}–${clock(s.end)}`).join(', ')}</p>
  ${view.mediaSrc ? html`<video id="player" controls preload="metadata" src="${view.mediaSrc}"></video>` : ''}
  <figure><figcaption>The original's hold, kept segments shaded</figcaption>${holdSvg(view.parentHold, 'hold of the original with the kept segments', view.segments)}</figure>
  <div class="columns">
    <figure><figcaption>Before</figcaption>${holdSvg(view.parentHold, 'hold before')}</figure>
    <figure><figcaption>After</figcaption>${view.childHold ? holdSvg(view.childHold, 'hold after') : ''}</figure>
  </div>
  ${figuresTable(view.before, view.after)}
  </section>`;
  return layout({ title, viewer, body });
}

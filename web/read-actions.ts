// The scan page's section for what to act on (issue 24): the hook report and the
// dips with their advice. Its own file, so the page's layout and plot stay apart.

import type { ScanRead } from '../core/wire/read';
import { DIP_CAUSE_WORDS } from '../core/dips';
import { clock } from './format';
import { html, type SafeHtml } from './html';

const seek = (seconds: number) => html`<a href="#player" class="seek" data-seek="${seconds}">${clock(seconds)}</a>`;

/** Empty for reads made before these fields existed. */
export function readActionsSection(read: ScanRead): SafeHtml {
  const report = read.hook_report;
  const dips = read.dips;
  if (!report && !dips) return html``;
  return html`<section class="card" id="act"><h2>What to change</h2>
${
  report
    ? html`<h3>Hook</h3>
<p id="hook-report"><strong>${report.value}</strong> of 100 — higher than ${report.file_percentile}% of this file's seconds${report.library_percentile === null ? '' : html` and than <span id="hook-library">${report.library_percentile}%</span> of the Library's published hooks`}.
${report.carried.length > 0 ? html` Carried by ${report.carried.join(', ')} in the first 3 s.` : ''}${report.missing.length > 0 ? html` Missing: ${report.missing.join(', ')}.` : ''}</p>
<p id="hook-opening">Suggested opening: the strongest 3 s, ${seek(report.best_opening.start)}–${clock(report.best_opening.end)} (hold ${report.best_opening.hold}).</p>
<p class="advice">${report.advice}</p>
<details class="scale"><summary>What the scale means</summary><p>${report.scale}</p></details>`
    : ''
}
${
  dips
    ? html`<h3>Dips</h3>
${
  dips.length === 0
    ? html`<p>No dips: hold never falls sharply or below the floor.</p>`
    : html`<ul id="dips">${dips.map(
        (d) => html`<li>${seek(d.start)}–${clock(d.end)} ${d.causes.map((c) => html`<span class="tag">${DIP_CAUSE_WORDS[c]}</span> `)}<br>${d.advice}</li>`,
      )}</ul>`
}`
    : ''
}
</section>`;
}

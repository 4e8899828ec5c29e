import type { ScanRead } from '../core/wire/read';
import { clock, dayTime } from './format';
import { html, jsonForScript, type SafeHtml } from './html';
import { csrfField, layout, type Viewer } from './layout';
import { readActionsSection } from './read-actions';

export interface ScanPageView {
  scan_id: string;
  title: string | null;
  status: string;
  pct: number;
  detail?: string;
  /** Present when the scan is complete. */
  read?: ScanRead;
  published_at?: Date;
  /** Where the player loads the media from; null shows no player. */
  mediaSrc: string | null;
  /** When the account's retention setting removed the video: the page says so where the player was. */
  mediaRemovedAt?: Date;
  /** The owner's page has the publish form; the public page does not. */
  owner: boolean;
  /** The owner's recut section (web/recut-page.ts), on complete scans. */
  recut?: SafeHtml;
}

/** What plot.js draws: the four series, cuts, dead stretches, dips with their advice, and moments. */
export function plotData(read: ScanRead) {
  return {
    duration: read.duration_sec,
    series: {
      hold: read.timeline.map((e) => e.scores.hold),
      motion: read.timeline.map((e) => e.scores.motion),
      loudness: read.timeline.map((e) => e.scores.loudness),
      speech: read.timeline.map((e) => e.scores.speech),
    },
    cuts: read.cuts,
    dead: read.dead,
    dips: (read.dips ?? []).map((d) => ({ start: d.start, end: d.end, advice: d.advice })),
    moments: read.moments.map((m) => ({ second: m.second, hold: m.hold })),
  };
}

const seek = (seconds: number, label?: string) => html`<a href="#player" class="seek" data-seek="${seconds}">${label ?? clock(seconds)}</a>`;

function publishSection(viewer: Viewer | null, view: ScanPageView): SafeHtml {
  if (!view.owner || !viewer || !view.read) return html``;
  if (view.published_at) {
    return html`<section class="card" id="publish"><h2>Published</h2>
      <p>In the library since ${dayTime(view.published_at)}: <a href="/library/${view.scan_id}">public page</a>.</p>
      <form method="post" action="/scans/${view.scan_id}/publish" class="inline-form">${csrfField(viewer)}
      <label>Title <input name="title" maxlength="200" value="${view.title ?? ''}"></label><button type="submit" class="secondary">Rename</button></form>
      <form method="post" action="/scans/${view.scan_id}/unpublish" class="inline-form" id="unpublish">${csrfField(viewer)}
      <button type="submit" class="secondary">Unpublish</button> <span>Takes it out of the library; its video and exports are yours alone again.</span></form></section>`;
  }
  return html`<section class="card" id="publish"><h2>Publish</h2>
    <p>Put this scan and its video in the public library. Anyone can then see it.</p>
    <form method="post" action="/scans/${view.scan_id}/publish" class="inline-form">${csrfField(viewer)}
    <label>Title <input name="title" maxlength="200" value="${view.title ?? ''}" placeholder="Untitled scan"></label>
    <button type="submit">Publish</button></form></section>`;
}

function completeBody(read: ScanRead, view: ScanPageView, viewer: Viewer | null): SafeHtml {
  return html`
<section class="scorecard">
  <div class="score"><span class="grade" id="grade">${read.grade}</span><span class="number" id="score">${read.score}</span><span class="label" id="label">${read.label}</span></div>
  <dl class="facts">
    <div><dt>Hook</dt><dd id="hook">${read.hook}<small> / 100</small></dd></div>
    <div><dt>Length</dt><dd>${clock(read.duration_sec)}</dd></div>
    <div><dt>Cuts</dt><dd>${read.cuts.length}</dd></div>
    <div><dt>Dead stretches</dt><dd>${read.dead.length}</dd></div>
  </dl>
  <p class="summary" id="summary">${read.summary}</p>
</section>
${
  view.mediaRemovedAt
    ? html`<p class="notice" id="media-removed">The video was removed on ${dayTime(view.mediaRemovedAt)} by the retention setting; the read below is kept.</p>`
    : view.mediaSrc
      ? html`<video id="player" controls preload="metadata" src="${view.mediaSrc}"></video>`
      : ''
}
<figure class="plot">
  <div id="plot" role="img" aria-label="Hold, motion, loudness and speech per second, with cuts, dead stretches, dips and moments"></div>
  <noscript><p>The plot needs JavaScript; the data is listed below.</p></noscript>
  <figcaption class="legend">
    <span class="hold">hold</span><span class="motion">motion</span><span class="loudness">loudness</span><span class="speech">speech</span>
    <span class="cut">cut</span><span class="dead">dead stretch</span>${read.dips ? html`<span class="dip">dip (hover or tap for advice)</span>` : ''}<span class="moment">moment</span>
  </figcaption>
  <script type="application/json" id="plot-data">${jsonForScript(plotData(read))}</script>
</figure>
<div class="columns">
<section><h2>Moments</h2>
${
  read.moments.length === 0
    ? html`<p>No peak moments.</p>`
    : html`<ol class="moments" id="moments">${read.moments.map(
        (m) => html`<li>${seek(m.second)} <span class="tag">${m.label}</span> hold ${m.hold}${m.quote ? html`<blockquote>“${m.quote}”</blockquote>` : ''}</li>`,
      )}</ol>`
}
</section>
<section><h2>Cuts</h2>
${read.cuts.length === 0 ? html`<p>No cuts found.</p>` : html`<p class="cuts" id="cuts">${read.cuts.map((c, i) => html`${i > 0 ? ', ' : ''}${seek(c)}`)}</p>`}
<h2>Dead stretches</h2>
${
  read.dead.length === 0
    ? html`<p>None: hold stays at or above the floor.</p>`
    : html`<ul id="dead">${read.dead.map((d) => html`<li>${seek(d.start)}–${clock(d.end)} (${d.end - d.start} s)</li>`)}</ul>`
}
</section>
</div>
${readActionsSection(read)}
<section><h2>Claims</h2>
${read.claims.length === 0 ? html`<p>No check-worthy claims found.</p>` : html`<ul class="claims" id="claims">${read.claims.map((c) => html`<li>${c}</li>`)}</ul>`}
</section>
<section><h2>Transcript</h2>
${
  read.transcript.length === 0
    ? html`<p>No speech recognised.</p>`
    : html`<div class="transcript" id="transcript">${read.transcript.map((s) => html`<p>${seek(s.start)} ${s.text}</p>`)}</div>`
}
</section>
${publishSection(viewer, view)}
${view.recut ?? ''}
<details class="method"><summary>Method</summary><div id="method">${read.method.split(/\n\n+/).map((paragraph) => html`<p>${paragraph}</p>`)}</div></details>`;
}

/**
 * The owner's way out: delete the scan (cancelled first while it runs). The
 * confirmation is a required checkbox, checked again by the server, so it works
 * without script under the site's CSP.
 */
function deleteSection(viewer: Viewer | null, view: ScanPageView): SafeHtml {
  if (!view.owner || !viewer) return html``;
  const inFlight = view.status === 'queued' || view.status === 'processing';
  return html`<section class="card danger" id="delete"><h2>Delete</h2>
    <form method="post" action="/scans/${view.scan_id}/delete" class="inline-form">${csrfField(viewer)}
    <label><input type="checkbox" name="confirm" value="yes" required> Delete this scan for good: its video, its read and its recuts${inFlight ? ' (it is stopped first)' : ''}.</label>
    <button type="submit" class="danger">Delete this scan</button></form></section>`;
}

/** The owner's scan page (`/scans/:id`) or the public one (`/library/:id`). */
export function scanPage(viewer: Viewer | null, view: ScanPageView): string {
  const heading = view.title ?? 'Untitled scan';
  let body: SafeHtml;
  if (view.read) {
    body = completeBody(view.read, view, viewer);
  } else if (view.status === 'error') {
    body = html`<p class="error" role="alert">This scan failed: ${view.detail ?? 'scan failed'}</p>`;
  } else {
    body = html`<p class="notice">This scan is ${view.status} (${view.pct}%). The page refreshes by itself.</p>
      <progress max="100" value="${view.pct}"></progress>`;
  }
  const page = html`<p class="crumbs">${view.owner ? html`<a href="/scans">Your scans</a>` : html`<a href="/library">Library</a>`} / <code>${view.scan_id}</code></p>
<h1>${heading}</h1>
${body}
${deleteSection(viewer, view)}`;
  const inFlight = view.status === 'queued' || view.status === 'processing';
  return layout({ title: heading, viewer, body: page, plot: Boolean(view.read), ...(inFlight ? { refreshSec: 5 } : {}) });
}

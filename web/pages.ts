import { LIMITS, PLANS } from '../core/plans';
import { clock, day, dayTime } from './format';
import { html, type SafeHtml } from './html';
import { csrfField, layout, type Viewer } from './layout';
import type { AccountSummary } from '../services/account';
import type { AccountSecurity } from '../services/account-sessions';
import { passwordInput, securitySections, type SecurityFormErrors } from './account-security';
import { dataSection } from './account-data';
import type { RetentionSetting } from '../core/wire/account';
import type { HistoryEntry } from '../core/wire/scans';
import type { LibraryRow } from '../core/wire/web';

/** The demo scan as the home page shows it: its hold curve (web/hold-curve.ts) and what it is. */
export interface DemoView {
  curve: SafeHtml;
  title: string;
  grade?: string;
  score?: number;
  label?: string;
}

export function homePage(viewer: Viewer | null, demoHref: string | null, demo?: DemoView): string {
  const body = html`
<section class="hero">
  <h1>See where a video holds and where it sags.</h1>
  <p>Holdline reads a video file second by second: how much the picture moves, how loud it is and how fast someone speaks.
  From those it draws a <strong>hold</strong> line, marks the cuts, shades the dead stretches, picks the peak moments with what was said there,
  lists the claims worth checking and writes the transcript, a score and a short summary.</p>
  <p class="actions">
    ${demoHref ? html`<a class="button" href="${demoHref}">See a demo scan</a>` : ''}
    <a class="button secondary" href="/library">Browse the library</a>
    ${viewer ? html`<a class="button secondary" href="/scans">Your scans</a>` : html`<a class="button secondary" href="/signup">Sign up free</a>`}
  </p>
</section>
${
  demo && demoHref
    ? html`<figure class="demo-curve">
  <a href="${demoHref}">${demo.curve}</a>
  <figcaption><a href="${demoHref}">${demo.title}</a>${demo.grade ? html`: <span class="grade">${demo.grade}</span> ${demo.score} · ${demo.label}` : ''}.
  The line is hold, second by second; shaded stretches sag below the floor, ticks mark cuts.</figcaption>
</figure>`
    : ''
}
<section class="grid3">
  <div><h2>Signal API</h2><p><code>POST /v1/scans</code> with a URL or a file, poll <code>GET /v1/scans/{id}</code>. One key, shown once on your account page.</p></div>
  <div><h2>Model API</h2><p>An OpenAI-compatible <code>/v1/chat/completions</code> where agents plan, run code and check their work (private beta).</p></div>
  <div><h2>Plans</h2><p>${PLANS.signal.name}: ${PLANS.signal.scansPerMonth} scans a month. ${PLANS.agents.name}: ${PLANS.agents.scansPerMonth} scans on a priority queue and a recut agent. Free while the beta runs.</p></div>
</section>`;
  return layout({ title: 'Video hold, second by second', viewer, body });
}

export interface CredentialsForm {
  email?: string;
  error?: string;
  /** What happened before this form (the neutral answer to a sign-up). */
  notice?: string;
  /** Say how an account made by `npm run account:create` (which has no password) gets one. */
  passwordHelp?: boolean;
}

/** The way from the README's first key to the website: such an account sets its password with the key. */
const passwordHelp = html`<p class="hint" id="password-help">An account made with <code>npm run account:create</code> has no password until one is set with its API key:
  <code>PUT /v1/account/password</code> with <code>{"password": "…"}</code> (see the <a href="/docs">API reference</a>). Then sign in here with it.</p>`;

function credentialsPage(kind: 'signup' | 'signin', form: CredentialsForm): string {
  const signup = kind === 'signup';
  const body = html`
<section class="narrow">
  <h1>${signup ? 'Create your account' : 'Sign in'}</h1>
  ${form.error ? html`<p class="error" role="alert">${form.error}</p>` : ''}
  ${form.notice ? html`<p class="notice" role="status">${form.notice}</p>` : ''}
  <form method="post" action="/${kind}" class="stack">
    <label>Email <input type="email" name="email" required maxlength="254" autocomplete="email" value="${form.email ?? ''}"></label>
    <label>Password <input type="password" name="password" required minlength="${signup ? 8 : 1}" maxlength="200" autocomplete="${signup ? 'new-password' : 'current-password'}"></label>
    <button type="submit">${signup ? 'Sign up' : 'Sign in'}</button>
  </form>
  ${form.passwordHelp ? passwordHelp : ''}
  <p>${signup ? html`Have an account? <a href="/signin">Sign in</a>.` : html`New here? <a href="/signup">Create an account</a>.`}</p>
</section>`;
  return layout({ title: signup ? 'Sign up' : 'Sign in', viewer: null, body });
}

export const signupPage = (form: CredentialsForm = {}) => credentialsPage('signup', form);
export const signinPage = (form: CredentialsForm = {}) => credentialsPage('signin', form);

/** The account page's figures (services/account.ts). */
export type AccountView = AccountSummary;

/** The account page's password, sessions and closure sections (web/account-security.ts). */
export interface AccountSecurityView {
  state: AccountSecurity;
  errors?: SecurityFormErrors;
}

/** The account page's "Your data" section (web/account-data.ts): the retention setting and a refusal of its form. */
export interface AccountDataView {
  retention: RetentionSetting;
  error?: string;
}

export function accountPage(viewer: Viewer, view: AccountView, security: AccountSecurityView, data: AccountDataView): string {
  const plan = PLANS[view.plan];
  const other = PLANS[view.plan === 'signal' ? 'agents' : 'signal'];
  const body = html`
<h1>Account</h1>
${view.notice ? html`<p class="notice">${view.notice}</p>` : ''}
<section class="card">
  <h2>API key</h2>
  ${
    view.newKey
      ? html`<p class="notice">This is your API key. It is shown in full only now: copy it somewhere safe.</p>
      <p><code class="key" id="new-key">${view.newKey}</code></p>`
      : view.keyPrefix
        ? html`<p>Your key starts with <code id="key-prefix">${view.keyPrefix}</code>. The full key was shown once, when it was created.</p>`
        : html`<p id="no-key">You have no API key yet.</p>`
  }
  <p>Send it as <code>Authorization: Bearer &lt;key&gt;</code> to the signal and model interfaces.</p>
  ${security.errors?.key ? html`<p class="error" role="alert" id="key-error">${security.errors.key}</p>` : ''}
  <form method="post" action="/account/key">${csrfField(viewer)}${
    // A session left open on a shared computer must not hand out a working key: the password is asked for (services/account.ts).
    security.state.hasPassword ? html`${passwordInput('password', 'Your password', 'current-password', false)} ` : ''
  }<button type="submit" class="secondary">${view.keyPrefix || view.newKey ? 'Rotate key' : 'Create key'}</button>
  ${view.keyPrefix || view.newKey ? html`<span class="hint">The current key stops working at once.</span>` : ''}</form>
</section>
<section class="card">
  <h2>Webhooks</h2>
  <p>Send <code>webhook_url</code> with a scan and Holdline POSTs <code>scan.completed</code> or <code>scan.failed</code> there when it ends,
  signed per <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> with this secret:</p>
  <p><code class="key" id="webhook-secret">${view.webhookSecret}</code></p>
  <form method="post" action="/account/webhook-secret">${csrfField(viewer)}<button type="submit" class="secondary">Rotate signing secret</button>
  <span class="hint">Deliveries from then on, retries of earlier scans included, are signed with the new secret.</span></form>
</section>
<section class="card">
  <h2>Plan</h2>
  <p>Email <strong>${view.email}</strong> is on the <strong id="plan">${plan.name}</strong> plan: ${plan.scansPerMonth} scans a month${plan.priorityQueue ? ', priority queue and the recut agent' : ''}.</p>
  <form method="post" action="/account/plan">${csrfField(viewer)}<input type="hidden" name="plan" value="${other.id}">
  <button type="submit" class="secondary">Switch to ${other.name}</button>
  <span class="hint">${other.name}: ${other.scansPerMonth} scans a month${other.priorityQueue ? ', priority queue and the recut agent' : ''}. Free while the beta runs.</span></form>
</section>
<section class="card">
  <h2>Usage this month</h2>
  <table class="usage">
    <tr><th>Scans</th><td id="usage-scans">${view.usage.scans} used, ${Math.max(0, plan.scansPerMonth - view.usage.scans)} left of ${plan.scansPerMonth}</td></tr>
    <tr><th>Chat calls</th><td id="usage-calls">${view.usage.calls} used, ${Math.max(0, LIMITS.chatCallsPerMonth - view.usage.calls)} left of ${LIMITS.chatCallsPerMonth}</td></tr>
    <tr><th>Tokens</th><td id="usage-tokens">${view.usage.tokens}</td></tr>
  </table>
  <p class="hint">Counts reset on ${day(view.usage.periodEnd)} (UTC).</p>
</section>
${dataSection(viewer, data.retention, data.error)}
${securitySections(viewer, security.state, security.errors)}`;
  return layout({ title: 'Account', viewer, body });
}

/** A row of the signed-in user's scans: the history row, and whether it is published. */
export type ScanRow = HistoryEntry & { published: boolean };

export interface Paging {
  page: number;
  hasMore: boolean;
  basePath: string;
}

function pager(paging: Paging): SafeHtml {
  if (paging.page <= 1 && !paging.hasMore) return html``;
  return html`<nav class="pager">
    ${paging.page > 1 ? html`<a href="${paging.basePath}?page=${paging.page - 1}" rel="prev">Newer</a>` : ''}
    <span>Page ${paging.page}</span>
    ${paging.hasMore ? html`<a href="${paging.basePath}?page=${paging.page + 1}" rel="next">Older</a>` : ''}
  </nav>`;
}

const scoreCell = (row: { score?: number; grade?: string; label?: string }) =>
  row.score === undefined ? html`<td></td>` : html`<td><span class="grade">${row.grade}</span> ${row.score} · ${row.label}</td>`;

/** What the scans page's submit form needs to know. */
export interface SubmitView {
  uploadLimitBytes: number;
  /** Scans left this month on the plan. */
  scansLeft: number;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The form that takes a video (web/assets/scans.js does the work): a file
 * dropped or picked, sent with a progress bar and a cancel button, or a link.
 * Errors land in #submit-error, next to the form.
 */
function submitForm(viewer: Viewer, submit: SubmitView): SafeHtml {
  return html`<section class="card" id="submit" data-upload-limit="${submit.uploadLimitBytes}" data-csrf="${viewer.csrf}">
  <h2>Scan a video</h2>
  <noscript><p class="notice">Submitting from this page needs JavaScript; without it, use <code>POST /v1/scans</code> with your API key.</p></noscript>
  <form id="upload-form" class="stack">
    <label class="drop" id="drop-zone">Drop a video file here, or pick one
      <input type="file" name="file" id="file-input" accept="video/*,audio/*,.mkv,.mov,.mp4,.webm,.avi,.m4a"></label>
    <label>Title (optional) <input name="title" id="title-input" maxlength="200" placeholder="Untitled scan"></label>
  </form>
  <div id="upload-status" class="upload-status" hidden>
    <progress id="upload-progress" max="100" value="0"></progress>
    <span id="upload-text" aria-live="polite"></span>
    <button type="button" id="upload-cancel" class="secondary">Cancel upload</button>
  </div>
  <form id="url-form" class="inline-form">
    <label>Or paste a link to a video <input type="url" name="url" id="url-input" required maxlength="4096" placeholder="https://example.com/video.mp4"></label>
    <button type="submit" id="url-submit">Scan link</button>
  </form>
  <p class="error" id="submit-error" role="alert" hidden></p>
  <p class="hint">Files up to ${megabytes(submit.uploadLimitBytes)}. <span id="scans-left" data-left="${submit.scansLeft}">${submit.scansLeft} ${submit.scansLeft === 1 ? 'scan' : 'scans'} left</span> this month on your plan.</p>
</section>`;
}

export function scansPage(viewer: Viewer, rows: ScanRow[], paging: Paging, submit?: SubmitView): string {
  const inFlight = (row: ScanRow) => row.status === 'queued' || row.status === 'processing';
  const body = html`
<h1>Your scans</h1>
${submit ? submitForm(viewer, submit) : ''}
${
  rows.length === 0
    ? html`<p id="no-scans">No scans yet. Submit one ${submit ? 'above, or ' : ''}with <code>POST /v1/scans</code> and your API key; it shows up here.</p>`
    : ''
}
<table class="list" id="scans"${rows.length === 0 ? html` hidden` : ''}>
  <thead><tr><th>Title</th><th>Status</th><th>Score</th><th>Length</th><th>Created</th></tr></thead>
  <tbody>${rows.map(
    (row) => html`<tr data-scan-id="${row.scan_id}"${inFlight(row) ? html` data-live` : ''}>
      <td><a href="/scans/${row.scan_id}">${row.title ?? row.scan_id}</a>${row.published ? html` <span class="tag">published</span>` : ''}</td>
      <td>${row.status === 'complete' || row.status === 'error' ? row.status : `${row.status} ${row.pct}%`}</td>
      ${scoreCell(row)}
      <td>${row.duration_sec === undefined ? '' : clock(row.duration_sec)}</td>
      <td>${dayTime(row.created_at)}</td></tr>`,
  )}</tbody></table>
${pager(paging)}`;
  return layout({ title: 'Your scans', viewer, body, ...(submit ? { scripts: ['scans.js'] } : {}) });
}

export function libraryPage(viewer: Viewer | null, rows: LibraryRow[], paging: Paging): string {
  const body = html`
<h1>Library</h1>
<p>Scans their owners chose to publish, newest first.</p>
${
  rows.length === 0
    ? html`<p>Nothing is published yet.</p>`
    : html`<ul class="library">${rows.map(
        (row) => html`<li><a href="/library/${row.scan_id}"><span class="grade">${row.grade}</span>
      <span class="title">${row.title}</span></a>
      <span class="meta">${row.score} · ${row.label} · ${clock(row.duration_sec)} · published ${day(row.published_at)}</span></li>`,
      )}</ul>`
}
${pager(paging)}`;
  return layout({ title: 'Library', viewer, body });
}

/** A plain error page; `message` is meant for the visitor and never carries internals. */
export function errorPage(viewer: Viewer | null, status: number, message: string): string {
  const title =
    status === 404 ? 'Not found' : status === 403 ? 'Forbidden' : status === 429 ? 'Slow down' : status >= 500 ? 'Something went wrong' : 'Bad request';
  const body = html`<section class="narrow"><h1>${title}</h1><p>${message}</p><p><a href="/">Home</a></p></section>`;
  return layout({ title, viewer, body });
}

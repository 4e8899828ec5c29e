// The account page's "Your data" section: the media retention setting (issue 22 item 6)
// and the account archive (item 7), apart from web/pages.ts so each part of the page stays small.
import { MAX_RETENTION_DAYS } from '../core/retention';
import type { PutRetentionBody, RetentionSetting } from '../core/wire/account';
import type { FormBody } from '../core/wire/web';
import { html, type SafeHtml } from './html';
import { csrfField, type Viewer } from './layout';

/** The retention rule as the form says it; the bounds are the API's (`PUT /v1/account/retention`). */
export const RETENTION_DAYS_WORDS = `Days must be a whole number from 0 to ${MAX_RETENTION_DAYS} (0 keeps videos for good). Nothing was changed.`;

const plural = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** What `days` (null: off) does to a video, as a sentence's predicate. */
const keeps = (days: number | null) => (days === null || days <= 0 ? 'keeps videos for good' : `removes each video ${plural(days)} after its scan was made`);

/** The setting in force, in words: the account's own choice or the server default, and published scans. */
export function retentionWords(setting: RetentionSetting): { current: string; serverDefault: string; published: string } {
  const own = setting.media_retention_days;
  const current =
    own === null
      ? `Your account follows the server default, which ${keeps(setting.operator_default_days)}.`
      : `Your account ${keeps(own)}${own === 0 ? '' : ' (the read is kept)'}.`;
  return {
    current,
    serverDefault: `The server default ${keeps(setting.operator_default_days)}.`,
    published: setting.include_published ? "Published scans' videos are removed too." : 'Published scans keep their videos.',
  };
}

/**
 * The retention form's fields as the API's body: `retention` is `days` (with `days`),
 * `keep` (0: keep for good) or `default` (null: the server's); `include_published`
 * is a ticked `yes` or absent. A string is the refusal to show next to the form.
 */
export function retentionFromForm(form: FormBody): PutRetentionBody | string {
  const included = form.include_published ?? 'no';
  if (included !== 'yes' && included !== 'no') return 'Include published scans must be yes or no. Nothing was changed.';
  const include_published = included === 'yes';
  switch (form.retention) {
    case 'keep':
      return { media_retention_days: 0, include_published };
    case 'default':
      return { media_retention_days: null, include_published };
    case 'days': {
      const text = (form.days ?? '').trim();
      const days = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(days) || days > MAX_RETENTION_DAYS) return RETENTION_DAYS_WORDS;
      return { media_retention_days: days, include_published };
    }
    default:
      return 'Choose a number of days, keep for good, or the server default. Nothing was changed.';
  }
}

function retentionForm(viewer: Viewer, setting: RetentionSetting, error?: string): SafeHtml {
  const words = retentionWords(setting);
  const own = setting.media_retention_days;
  const chosen = own === null ? 'default' : own === 0 ? 'keep' : 'days';
  const radio = (value: string, label: SafeHtml | string) =>
    html`<label class="check"><input type="radio" name="retention" value="${value}"${chosen === value ? html` checked` : ''}> ${label}</label>`;
  return html`<h3>Keep videos</h3>
  ${error ? html`<p class="error" role="alert" id="retention-error">${error}</p>` : ''}
  <p id="retention-current">${words.current} ${words.published}</p>
  <p class="hint" id="retention-default">${words.serverDefault} A removed video's read, exports and place in your history stay.</p>
  <form method="post" action="/account/retention" class="stack">${csrfField(viewer)}
    ${radio('days', html`Remove videos after <input type="number" class="days" name="days" min="0" max="${MAX_RETENTION_DAYS}" step="1" inputmode="numeric" value="${own !== null && own > 0 ? String(own) : ''}" aria-label="days"> days`)}
    ${radio('keep', 'Keep videos for good')}
    ${radio('default', 'Follow the server default')}
    <label class="check"><input type="checkbox" name="include_published" value="yes"${setting.include_published ? html` checked` : ''}> Remove published scans' videos too</label>
    <button type="submit" class="secondary">Save retention</button>
  </form>`;
}

function exportForms(viewer: Viewer): SafeHtml {
  const button = (media: '0' | '1', label: string) =>
    html`<form method="post" action="/account/export" class="inline">${csrfField(viewer)}<input type="hidden" name="media" value="${media}"><button type="submit" class="secondary">${label}</button></form>`;
  return html`<h3>Take it with you</h3>
  <p>One tar archive of every scan of the account: each read as JSON, exactly as the API serves it, and a <code>manifest.json</code> with sizes and SHA-256.
  With videos it also holds each stored video, so it can be large.</p>
  <p class="actions" id="export">${button('0', 'Download all my data')} ${button('1', 'Download all my data with videos')}</p>
  <p class="hint">With your API key: <code>GET /v1/account/export</code> (<code>?media=1</code> for the videos), or <code>holdline account export</code>.</p>`;
}

/** The section, shown on the account page after plan and usage. */
export function dataSection(viewer: Viewer, setting: RetentionSetting, error?: string): SafeHtml {
  return html`<section class="card" id="your-data">
  <h2>Your data</h2>
  ${retentionForm(viewer, setting, error)}
  ${exportForms(viewer)}
</section>`;
}

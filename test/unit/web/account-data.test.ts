// The account page's "Your data" section (web/account-data.ts): the retention setting in words, its form, and the archive's buttons.
import { describe, expect, it } from 'vitest';
import type { RetentionSetting } from '../../../core/wire/account';
import { dataSection, RETENTION_DAYS_WORDS, retentionFromForm, retentionWords } from '../../../web/account-data';

const viewer = { email: 'me@example.com', csrf: 'tok"en' };
const setting = (own: number | null, operatorDefault: number | null, includePublished = false): RetentionSetting => ({
  media_retention_days: own,
  include_published: includePublished,
  operator_default_days: operatorDefault,
  effective_days: (own ?? operatorDefault) || null,
});

describe('retentionWords', () => {
  it.each([
    [setting(null, null), 'Your account follows the server default, which keeps videos for good.', 'The server default keeps videos for good.'],
    [
      setting(null, 30),
      'Your account follows the server default, which removes each video 30 days after its scan was made.',
      'The server default removes each video 30 days after its scan was made.',
    ],
    [setting(0, 30), 'Your account keeps videos for good.', 'The server default removes each video 30 days after its scan was made.'],
    [setting(1, null), 'Your account removes each video 1 day after its scan was made (the read is kept).', 'The server default keeps videos for good.'],
    [
      setting(7, 30),
      'Your account removes each video 7 days after its scan was made (the read is kept).',
      'The server default removes each video 30 days after its scan was made.',
    ],
  ])('%j reads %j, and %j of the default', (value, current, serverDefault) => {
    expect(retentionWords(value)).toMatchObject({ current, serverDefault });
  });

  it('says whether published scans keep their videos', () => {
    expect(retentionWords(setting(7, null, false)).published).toBe('Published scans keep their videos.');
    expect(retentionWords(setting(7, null, true)).published).toBe("Published scans' videos are removed too.");
  });
});

describe('retentionFromForm', () => {
  it.each([
    [
      { retention: 'days', days: '7' },
      { media_retention_days: 7, include_published: false },
    ],
    [
      { retention: 'days', days: ' 3650 ', include_published: 'yes' },
      { media_retention_days: 3650, include_published: true },
    ],
    [
      { retention: 'days', days: '0' },
      { media_retention_days: 0, include_published: false },
    ],
    [
      { retention: 'keep', days: '7', include_published: 'no' },
      { media_retention_days: 0, include_published: false },
    ],
    [
      { retention: 'default', days: 'ignored', include_published: 'yes' },
      { media_retention_days: null, include_published: true },
    ],
  ])('%j is the API body %j', (form, body) => {
    expect(retentionFromForm(form)).toEqual(body);
  });

  it.each([
    [{ retention: 'days', days: '3651' }, RETENTION_DAYS_WORDS],
    [{ retention: 'days', days: '-1' }, RETENTION_DAYS_WORDS],
    [{ retention: 'days', days: '1.5' }, RETENTION_DAYS_WORDS],
    [{ retention: 'days', days: '' }, RETENTION_DAYS_WORDS],
    [{ retention: 'days', days: '1e3' }, RETENTION_DAYS_WORDS],
    [{ retention: 'days' }, RETENTION_DAYS_WORDS],
    [{ retention: 'forever' }, 'Choose a number of days, keep for good, or the server default. Nothing was changed.'],
    [{}, 'Choose a number of days, keep for good, or the server default. Nothing was changed.'],
    [{ retention: 'keep', include_published: 'maybe' }, 'Include published scans must be yes or no. Nothing was changed.'],
  ])('%j is refused: %j', (form, words) => {
    expect(retentionFromForm(form)).toBe(words);
  });

  it('the days rule names the API bounds', () => {
    expect(RETENTION_DAYS_WORDS).toBe('Days must be a whole number from 0 to 3650 (0 keeps videos for good). Nothing was changed.');
  });
});

describe('dataSection', () => {
  it('checks the current choice, fills its days, ticks published, and shows a refusal', () => {
    const page = dataSection(viewer, setting(14, null, true), 'Days must be…').value;
    expect(page).toContain('<input type="radio" name="retention" value="days" checked>');
    expect(page).toContain('class="days" name="days" min="0" max="3650" step="1" inputmode="numeric" value="14"');
    expect(page).toContain('<input type="radio" name="retention" value="keep">');
    expect(page).toContain('<input type="checkbox" name="include_published" value="yes" checked>');
    expect(page).toContain('<p class="error" role="alert" id="retention-error">Days must be…</p>');
    expect(page).toContain('<form method="post" action="/account/retention" class="stack"><input type="hidden" name="csrf" value="tok&quot;en">');
  });

  it('following the default checks it and leaves the days empty', () => {
    const page = dataSection(viewer, setting(null, 30)).value;
    expect(page).toContain('<input type="radio" name="retention" value="default" checked>');
    expect(page).toContain('inputmode="numeric" value=""');
    expect(page).not.toContain('id="retention-error"');
    expect(page).toContain('<p class="hint" id="retention-default">The server default removes each video 30 days after its scan was made.');
  });

  it('offers the archive without and with videos, as CSRF-carrying posts', () => {
    const page = dataSection(viewer, setting(0, null)).value;
    const forms = [...page.matchAll(/<form method="post" action="\/account\/export" class="inline">(.*?)<\/form>/g)].map((match) => match[1]);
    expect(forms).toEqual([
      '<input type="hidden" name="csrf" value="tok&quot;en"><input type="hidden" name="media" value="0"><button type="submit" class="secondary">Download all my data</button>',
      '<input type="hidden" name="csrf" value="tok&quot;en"><input type="hidden" name="media" value="1"><button type="submit" class="secondary">Download all my data with videos</button>',
    ]);
  });
});

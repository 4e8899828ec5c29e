import { describe, expect, it } from 'vitest';
import { assembleRead } from '../../../core/read';
import { accountPage, libraryPage, scansPage } from '../../../web/pages';
import { plotData, scanPage } from '../../../web/scan-page';

const viewer = { email: 'me@example.com', csrf: 'csrf"<token>' };
const usage = { scans: 3, calls: 26, tokens: 1234, periodEnd: new Date('2025-02-01T00:00:00Z') };
const security = { state: { sessions: [], hasPassword: true, now: new Date('2025-01-20T00:00:00Z') } };
const data = { retention: { media_retention_days: null, include_published: false, operator_default_days: null, effective_days: null } };

const read = assembleRead({
  durationSec: 4,
  frameDiffs: [0, 5, 6, 5, 60, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5],
  skipDiffs: new Array(16).fill(Number.NaN),
  loudnessRms: [0.1, 0.2, 0.1, 0.2],
  words: [
    { word: '<b>it', start: 0.1, end: 0.3 },
    { word: 'always', start: 0.4, end: 0.6 },
    { word: 'works', start: 0.7, end: 0.9 },
  ],
});

describe('account page', () => {
  it('shows a new key in full with no prefix line', () => {
    const page = accountPage(
      viewer,
      { email: 'me@example.com', plan: 'signal', keyPrefix: 'sk_sig_abcd…', webhookSecret: 'whsec_AAAA', newKey: 'sk_sig_FULL', usage },
      security,
      data,
    );
    expect(page).toContain('<code class="key" id="new-key">sk_sig_FULL</code>');
    expect(page).not.toContain('id="key-prefix"');
  });
  it('otherwise shows only the prefix, the plan switch and the usage (calls left never below 0)', () => {
    const page = accountPage(
      viewer,
      { email: 'me@example.com', plan: 'agents', keyPrefix: 'sk_sig_abcd…', webhookSecret: 'whsec_AAAA', usage },
      security,
      data,
    );
    expect(page).not.toContain('id="new-key"');
    expect(page).toContain('<code id="key-prefix">sk_sig_abcd…</code>');
    expect(page).toContain('<input type="hidden" name="plan" value="signal">');
    expect(page).toContain('<input type="hidden" name="csrf" value="csrf&quot;&lt;token&gt;">');
    expect(page).toContain('<td id="usage-scans">3 used, 47 left of 50</td>');
    expect(page).toContain('<td id="usage-calls">26 used, 0 left of 25</td>');
    expect(page).toContain('Counts reset on 2025-02-01 (UTC).');
  });
  it('an account without a key yet (its first sign-in failed to issue one) says so and offers to create one', () => {
    const page = accountPage(viewer, { email: 'me@example.com', plan: 'signal', keyPrefix: '', webhookSecret: 'whsec_AAAA', usage }, security, data);
    expect(page).toContain('<p id="no-key">You have no API key yet.</p>');
    expect(page).not.toContain('id="key-prefix"');
    // The account has a password, so a new key asks for it (a session left open must not hand one out).
    expect(page).toMatch(
      /<form method="post" action="\/account\/key"><input type="hidden" name="csrf" value="[^"]+"><label>Your password <input type="password" name="password" required maxlength="1000" autocomplete="current-password"><\/label> <button type="submit" class="secondary">Create key<\/button>/,
    );
    expect(page).not.toContain('The current key stops working at once.');
    const withoutPassword = accountPage(
      viewer,
      { email: 'me@example.com', plan: 'signal', keyPrefix: '', webhookSecret: 'whsec_AAAA', usage },
      { ...security, state: { ...security.state, hasPassword: false } },
      data,
    );
    expect(withoutPassword).toMatch(/<form method="post" action="\/account\/key"><input type="hidden" name="csrf" value="[^"]+"><button type="submit"/);
  });
  it('shows the webhook signing secret with a rotate form carrying the CSRF token', () => {
    const page = accountPage(
      viewer,
      { email: 'me@example.com', plan: 'signal', keyPrefix: 'sk_sig_abcd…', webhookSecret: 'whsec_AB+/cd==', usage },
      security,
      data,
    );
    expect(page).toContain('<code class="key" id="webhook-secret">whsec_AB+/cd==</code>');
    expect(page).toMatch(/<form method="post" action="\/account\/webhook-secret"><input type="hidden" name="csrf" value="csrf&quot;&lt;token&gt;">/);
  });
});

describe('scan page', () => {
  const base = { scan_id: 'scn_1', title: 'T <1>', pct: 100, mediaSrc: null, owner: true };

  it('a complete scan embeds its plot data and escapes transcript words', () => {
    const page = scanPage(viewer, { ...base, status: 'complete', read });
    const json = /<script type="application\/json" id="plot-data">(.*?)<\/script>/s.exec(page)![1]!;
    expect(JSON.parse(json)).toEqual(plotData(read));
    expect(plotData(read).series.hold).toHaveLength(4);
    expect(page).toContain('&lt;b&gt;it always works');
    expect(page).not.toContain('<b>it');
    expect(page).toContain('<h1>T &lt;1&gt;</h1>');
    expect(page).toContain('action="/scans/scn_1/publish"');
    expect(page).not.toContain('http-equiv="refresh"');
  });
  it('shows the method text as its short paragraphs, one <p> each', () => {
    const page = scanPage(viewer, { ...base, status: 'complete', read });
    const method = /<div id="method">(.*?)<\/div>/s.exec(page)![1]!;
    const paragraphs = [...method.matchAll(/<p>(.*?)<\/p>/gs)].map((m) => m[1]);
    expect(paragraphs.length).toBe(read.method.split('\n\n').length);
    expect(paragraphs.length).toBeGreaterThan(10);
    expect(paragraphs[0]).toBe('How this read is computed.');
  });

  it('a scan whose video the retention setting removed says so where the player was', () => {
    const playing = scanPage(viewer, { ...base, status: 'complete', read, mediaSrc: '/scans/scn_1/media' });
    expect(playing).toContain('<video id="player" controls preload="metadata" src="/scans/scn_1/media">');
    const removed = scanPage(viewer, { ...base, status: 'complete', read, mediaSrc: '/scans/scn_1/media', mediaRemovedAt: new Date('2026-03-04T05:06:00Z') });
    expect(removed).not.toContain('<video');
    expect(removed).toContain('The video was removed on 2026-03-04 05:06 UTC by the retention setting; the read below is kept.');
    expect(removed).toContain('id="plot-data"');
  });
  it('a scan in flight shows its progress and refreshes; one in error shows its detail', () => {
    const queued = scanPage(viewer, { ...base, status: 'processing', pct: 42 });
    expect(queued).toContain('<meta http-equiv="refresh" content="5">');
    expect(queued).toContain('This scan is processing (42%).');
    expect(queued).not.toContain('plot.js');
    const failed = scanPage(viewer, { ...base, status: 'error', pct: 10, detail: 'no <video> stream' });
    expect(failed).toContain('This scan failed: no &lt;video&gt; stream');
  });
  it("the owner's page has a delete form with a required confirmation and the CSRF token, in flight too; a published scan an unpublish form", () => {
    for (const page of [scanPage(viewer, { ...base, status: 'complete', read }), scanPage(viewer, { ...base, status: 'processing', pct: 42 })]) {
      expect(page).toContain('<form method="post" action="/scans/scn_1/delete" class="inline-form">');
      expect(page).toContain('<input type="checkbox" name="confirm" value="yes" required>');
      expect(page).toMatch(/action="\/scans\/scn_1\/delete"[^>]*><input type="hidden" name="csrf" value="[^"]+">/);
    }
    expect(scanPage(viewer, { ...base, status: 'processing', pct: 42 })).toContain('(it is stopped first)');
    expect(scanPage(viewer, { ...base, status: 'complete', read })).not.toContain('/unpublish');
    expect(scanPage(viewer, { ...base, status: 'complete', read, published_at: new Date() })).toContain('action="/scans/scn_1/unpublish"');
  });
  it('the public page has no publish form', () => {
    const page = scanPage(null, { ...base, status: 'complete', read, owner: false, published_at: new Date() });
    expect(page).not.toContain('/publish');
    expect(page).not.toContain('/delete');
    expect(page).toContain('<a href="/library">Library</a> / <code>scn_1</code>');
  });
});

describe('lists', () => {
  it('the history links each scan and pages on', () => {
    const page = scansPage(
      viewer,
      [
        { scan_id: 'scn_a', title: null, status: 'queued', pct: 0, created_at: '2025-01-02T03:04:05Z', published: false },
        {
          scan_id: 'scn_b',
          title: 'B',
          status: 'complete',
          pct: 100,
          created_at: '2025-01-01T00:00:00Z',
          published: true,
          score: 71,
          grade: 'C-',
          label: 'Steady',
          duration_sec: 65,
        },
      ],
      { page: 1, hasMore: true, basePath: '/scans' },
    );
    expect(page).toContain('<a href="/scans/scn_a">scn_a</a>');
    expect(page).toContain('<td>queued 0%</td>');
    expect(page).toContain('<span class="grade">C-</span> 71 · Steady');
    expect(page).toContain('<td>1:05</td>');
    expect(page).toContain('<a href="/scans?page=2" rel="next">Older</a>');
    expect(page).not.toContain('rel="prev"');
  });
  it('the library says when nothing is published', () => {
    expect(libraryPage(null, [], { page: 1, hasMore: false, basePath: '/library' })).toContain('Nothing is published yet.');
  });
});

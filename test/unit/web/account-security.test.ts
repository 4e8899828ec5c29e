// The account page's password, sessions and closure sections (web/account-security.ts) and `ago` (web/format.ts).
import { describe, expect, it } from 'vitest';
import { accountClosedPage, securitySections } from '../../../web/account-security';
import { ago } from '../../../web/format';
import { signinPage } from '../../../web/pages';

const viewer = { email: 'me@example.com', csrf: 'tok"en' };
const now = new Date('2026-03-10T12:00:00Z');
const minutesBefore = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('ago', () => {
  it.each([
    [0, 'just now'],
    [0.99, 'just now'],
    [1, '1 minute ago'],
    [59, '59 minutes ago'],
    [60, '1 hour ago'],
    [60 * 23 + 59, '23 hours ago'],
    [60 * 24, '1 day ago'],
    [60 * 24 * 3 + 5, '3 days ago'],
  ])('%d minutes before now reads %j', (minutes, text) => {
    expect(ago(minutesBefore(minutes), now)).toBe(text);
  });
});

describe("the account page's security sections", () => {
  const sessions = [
    { createdAt: minutesBefore(10), lastSeenAt: minutesBefore(2), clientIp: '203.0.113.5', current: false },
    { createdAt: minutesBefore(60 * 30), lastSeenAt: minutesBefore(0), clientIp: '198.51.100.7', current: true },
    { createdAt: minutesBefore(60 * 24 * 9), lastSeenAt: minutesBefore(60 * 24 * 2), clientIp: null, current: false },
  ];

  it('lists each session with its sign-in time, last seen (readable, exact in the title), address, and marks this one', () => {
    const page = securitySections(viewer, { sessions, hasPassword: true, now }).value;
    const rows = [...page.matchAll(/<tr( class="current")?>\s*<td>(.*?)<\/td>\s*<td>(.*?)<\/td>\s*<td>(.*?)<\/td>\s*<td>(.*?)<\/td><\/tr>/gs)].map((match) =>
      match.slice(1),
    );
    expect(rows).toEqual([
      [undefined, '2026-03-10 11:50 UTC', '<time datetime="2026-03-10T11:58:00.000Z" title="2026-03-10 11:58 UTC">2 minutes ago</time>', '203.0.113.5', ''],
      [
        ' class="current"',
        '2026-03-09 06:00 UTC',
        '<time datetime="2026-03-10T12:00:00.000Z" title="2026-03-10 12:00 UTC">just now</time>',
        '198.51.100.7',
        '<span class="tag">this session</span>',
      ],
      [undefined, '2026-03-01 12:00 UTC', '<time datetime="2026-03-08T12:00:00.000Z" title="2026-03-08 12:00 UTC">2 days ago</time>', 'unknown', ''],
    ]);
    expect(page).toContain('<form method="post" action="/account/sessions/sign-out-others"><input type="hidden" name="csrf" value="tok&quot;en">');
    expect(page).toContain('2 other sessions; this one stays signed in.');
  });

  it('with only this session there is nothing to sign out', () => {
    const page = securitySections(viewer, { sessions: [sessions[1]!], hasPassword: true, now }).value;
    expect(page).not.toContain('action="/account/sessions/sign-out-others"');
    expect(page).toContain('<p class="hint" id="only-session">This is your only session.</p>');
  });

  it('an account with a password is asked for the current one to change it and for it to close; every form carries the CSRF token', () => {
    const page = securitySections(viewer, { sessions, hasPassword: true, now }).value;
    const passwordForm = /<form method="post" action="\/account\/password".*?<\/form>/s.exec(page)![0];
    expect([...passwordForm.matchAll(/name="(\w+)"/g)].map((match) => match[1])).toEqual(['csrf', 'current_password', 'password', 'password_confirm']);
    expect(passwordForm).toContain('<input type="password" name="password" required minlength="8" maxlength="200" autocomplete="new-password">');
    const closeForm = /<form method="post" action="\/account\/close".*?<\/form>/s.exec(page)![0];
    expect([...closeForm.matchAll(/name="(\w+)"/g)].map((match) => match[1])).toEqual(['csrf', 'email', 'password', 'confirm']);
    expect(closeForm).toContain('<label class="check"><input type="checkbox" name="confirm" value="yes" required>');
    expect(page.match(/name="csrf" value="tok&quot;en"/g)).toHaveLength(3);
  });

  it('an account made by account:create without a password sets one without a current one, and closes with its email alone', () => {
    const page = securitySections(viewer, { sessions, hasPassword: false, now }).value;
    expect(page).toContain('id="no-password"');
    const passwordForm = /<form method="post" action="\/account\/password".*?<\/form>/s.exec(page)![0];
    expect([...passwordForm.matchAll(/name="(\w+)"/g)].map((match) => match[1])).toEqual(['csrf', 'password', 'password_confirm']);
    expect(passwordForm).toContain('>Set password</button>');
    const closeForm = /<form method="post" action="\/account\/close".*?<\/form>/s.exec(page)![0];
    expect([...closeForm.matchAll(/name="(\w+)"/g)].map((match) => match[1])).toEqual(['csrf', 'email', 'confirm']);
  });

  it("a refused form's message sits next to that form, escaped", () => {
    const page = securitySections(viewer, { sessions, hasPassword: true, now }, { password: 'Wrong <b>', close: 'Not yours' }).value;
    expect(page).toMatch(/<section class="card" id="password">\s*<h2>Password<\/h2>\s*<p class="error" role="alert" id="password-error">Wrong &lt;b&gt;<\/p>/);
    expect(page).toMatch(/<section class="card" id="close-account">\s*<h2>Close account<\/h2>\s*<p class="error" role="alert" id="close-error">Not yours<\/p>/);
  });

  it('the closed page is signed out and says whether the data is gone or going', () => {
    expect(accountClosedPage('closed')).toContain('Everything of it is removed');
    expect(accountClosedPage('closing')).toContain('will be gone within minutes');
    expect(accountClosedPage('closed')).not.toContain('action="/signout"');
  });

  it('the sign-in page says how an account made by account:create gets a password, when asked to', () => {
    expect(signinPage({ passwordHelp: true })).toContain(
      '<code>PUT /v1/account/password</code> with <code>{"password": "…"}</code> (see the <a href="/docs">API reference</a>)',
    );
    expect(signinPage()).not.toContain('id="password-help"');
  });
});

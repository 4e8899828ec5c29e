// The account page's password, sessions and closure sections (issue 22 items 4 and 5),
// apart from web/pages.ts so each part of the page stays small.
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, PASSWORD_RULE } from '../core/password-rule';
import type { AccountSecurity } from '../services/account-sessions';
import { ago, dayTime } from './format';
import { html, type SafeHtml } from './html';
import { csrfField, layout, type Viewer } from './layout';

/** What a refused form of these sections says, next to that form. */
export interface SecurityFormErrors {
  password?: string;
  close?: string;
  /** The API key section's rotation form (web/pages.ts). */
  key?: string;
}

export const passwordInput = (name: string, label: string, autocomplete: string, rule: boolean) =>
  html`<label>${label} <input type="password" name="${name}" required ${rule ? html`minlength="${PASSWORD_MIN_CHARS}" ` : ''}maxlength="${rule ? PASSWORD_MAX_CHARS : 1000}" autocomplete="${autocomplete}"></label>`;

function passwordSection(viewer: Viewer, security: AccountSecurity, error?: string): SafeHtml {
  return html`<section class="card" id="password">
  <h2>Password</h2>
  ${error ? html`<p class="error" role="alert" id="password-error">${error}</p>` : ''}
  ${
    security.hasPassword
      ? html`<p>Change the password you sign in with. Your other sessions are signed out; this one stays.</p>`
      : html`<p id="no-password">This account has no password yet (it was made with <code>npm run account:create</code>). Choose one to sign in with.</p>`
  }
  <form method="post" action="/account/password" class="stack">${csrfField(viewer)}
    ${security.hasPassword ? passwordInput('current_password', 'Current password', 'current-password', false) : ''}
    ${passwordInput('password', 'New password', 'new-password', true)}
    ${passwordInput('password_confirm', 'New password again', 'new-password', true)}
    <button type="submit">${security.hasPassword ? 'Change password' : 'Set password'}</button>
    <span class="hint">${PASSWORD_RULE}.</span>
  </form>
</section>`;
}

function sessionsSection(viewer: Viewer, security: AccountSecurity): SafeHtml {
  const others = security.sessions.filter((session) => !session.current).length;
  return html`<section class="card" id="sessions">
  <h2>Signed-in sessions</h2>
  <table class="list">
    <thead><tr><th>Signed in</th><th>Last seen</th><th>Address</th><th></th></tr></thead>
    <tbody>${security.sessions.map(
      (session) => html`<tr${session.current ? html` class="current"` : ''}>
      <td>${dayTime(session.createdAt)}</td>
      <td><time datetime="${session.lastSeenAt.toISOString()}" title="${dayTime(session.lastSeenAt)}">${ago(session.lastSeenAt, security.now)}</time></td>
      <td>${session.clientIp ?? 'unknown'}</td>
      <td>${session.current ? html`<span class="tag">this session</span>` : ''}</td></tr>`,
    )}</tbody></table>
  ${
    others > 0
      ? html`<form method="post" action="/account/sessions/sign-out-others">${csrfField(viewer)}<button type="submit" class="secondary">Sign out the other sessions</button>
      <span class="hint">${others} other ${others === 1 ? 'session' : 'sessions'}; this one stays signed in.</span></form>`
      : html`<p class="hint" id="only-session">This is your only session.</p>`
  }
</section>`;
}

function closeSection(viewer: Viewer, security: AccountSecurity, error?: string): SafeHtml {
  return html`<section class="card" id="close-account">
  <h2>Close account</h2>
  ${error ? html`<p class="error" role="alert" id="close-error">${error}</p>` : ''}
  <p>Closing removes everything of the account for good: every scan with its video, read and recuts, its API key (it stops working at once),
  its sessions, webhook secret, chat calls and usage. Running scans are stopped first. The email can sign up again afterwards.</p>
  <form method="post" action="/account/close" class="stack">${csrfField(viewer)}
    <label>Your account's email <input type="email" name="email" required maxlength="254" autocomplete="off"></label>
    ${security.hasPassword ? passwordInput('password', 'Your password', 'current-password', false) : ''}
    <label class="check"><input type="checkbox" name="confirm" value="yes" required> Close this account and delete all of its data.</label>
    <button type="submit" class="danger">Close account</button>
  </form>
</section>`;
}

/** The three sections, in the order the account page shows them (after plan and usage). */
export function securitySections(viewer: Viewer, security: AccountSecurity, errors: SecurityFormErrors = {}): SafeHtml {
  return html`${passwordSection(viewer, security, errors.password)}
${sessionsSection(viewer, security)}
${closeSection(viewer, security, errors.close)}`;
}

/** The answer to a closure: the session is gone, so the page is signed out. */
export function accountClosedPage(outcome: 'closed' | 'closing'): string {
  const body = html`<section class="narrow" id="account-closed">
  <h1>Your account is closed</h1>
  ${
    outcome === 'closed'
      ? html`<p>Everything of it is removed: its scans and videos, its key, its sessions and its data. Thank you for trying Holdline.</p>`
      : html`<p>Its key and sessions no longer work. Its scans, videos and data are being removed and will be gone within minutes.</p>`
  }
  <p><a href="/">Home</a></p>
</section>`;
  return layout({ title: 'Account closed', viewer: null, body });
}

import { html, type SafeHtml } from './html';

/** The signed-in user as the pages see them. */
export interface Viewer {
  email: string;
  /** Carried by every form post of the session. */
  csrf: string;
}

export interface PageOptions {
  title: string;
  viewer: Viewer | null;
  body: SafeHtml;
  /** Reload the page after this many seconds (scans in flight). */
  refreshSec?: number;
  /** Load the plot script. */
  plot?: boolean;
  /** Further scripts from /assets (the CSP allows only our own files). */
  scripts?: string[];
}

export const csrfField = (viewer: Viewer) => html`<input type="hidden" name="csrf" value="${viewer.csrf}">`;

/** A whole HTML document around `body`, with the site header and footer. */
export function layout(options: PageOptions): string {
  const { viewer } = options;
  const nav = viewer
    ? html`<a href="/scans">Scans</a><a href="/library">Library</a><a href="/account">Account</a>
        <form method="post" action="/signout" class="inline">${csrfField(viewer)}<button type="submit" class="link">Sign out</button></form>`
    : html`<a href="/library">Library</a><a href="/signin">Sign in</a><a href="/signup" class="button">Sign up</a>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.refreshSec ? html`<meta http-equiv="refresh" content="${options.refreshSec}">` : ''}
<title>${options.title} · Holdline</title>
<link rel="stylesheet" href="/assets/site.css">
${options.plot ? html`<script src="/assets/plot.js" defer></script>` : ''}
${(options.scripts ?? []).map((name) => html`<script src="/assets/${name}" defer></script>`)}
</head>
<body>
<header class="site"><a href="/" class="brand">Holdline</a><nav>${nav}</nav></header>
<main>
${options.body}
</main>
<footer class="site">Holdline reads a video file second by second. The series are proxies computed from the file, not a measurement of any viewer. Free while the beta runs.</footer>
</body>
</html>
`.value;
}

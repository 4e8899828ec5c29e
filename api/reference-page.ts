// `/docs`: the API reference, rendered in the browser by Redoc's standalone
// bundle from `/openapi.json`. The bundle is served from the installed npm
// package (pinned in package.json), never from a CDN.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

const BUNDLE_PATH = '/docs/redoc.standalone.js';
const LOGO_SHIM_PATH = '/docs/logo-shim.js';

/**
 * Redoc 2.5's sidebar always draws its vendor's logo from cdn.redoc.ly (no
 * option turns it off), which the page's policy blocks and reports as a
 * violation. This runs before the bundle and points that one image at an empty
 * inline SVG instead, so the page loads nothing from outside and reports
 * nothing; the "API docs by Redocly" link stays. The image's `src` is set before
 * the element is attached (when its load starts), so the shim catches both ways of setting it.
 */
const LOGO_SHIM = `"use strict";
(function () {
  var cdnLogo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
  var empty = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  var local = function (value) { return value === cdnLogo ? empty : value; };
  var setAttribute = Element.prototype.setAttribute;
  HTMLImageElement.prototype.setAttribute = function (name, value) {
    return setAttribute.call(this, name, String(name).toLowerCase() === 'src' ? local(value) : value);
  };
  var src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    configurable: true,
    enumerable: src.enumerable,
    get: src.get,
    set: function (value) { src.set.call(this, local(value)); },
  });
})();
`;

/**
 * The reference page's policy, the site's (web/page-headers.ts) with two
 * additions only this page needs:
 * - `style-src-elem 'unsafe-inline'`: Redoc styles itself with
 *   styled-components, which writes <style> elements at run time and offers no
 *   nonce in the standalone bundle (its nonce is fixed to undefined), and their
 *   content depends on the document, so no hash can list them. Only <style>
 *   elements: `style="…"` attributes stay refused (style-src 'self'; Redoc sets
 *   element styles through the DOM, which the policy does not govern), and
 *   scripts stay 'self'. Without it the page fails (measured in Chromium: ten
 *   style-src-elem violations and a styled-components error).
 * - `worker-src blob:`: the search index runs in a Web Worker the bundle
 *   creates from a Blob of its own code.
 * No form posts ('none'): Redoc has no "try it out".
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  'worker-src blob:',
  "connect-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Redoc's options as attributes of its element: the successful answers open
// with their examples, required fields first, the schemas' patterns shown.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Holdline API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<redoc spec-url="/openapi.json" expand-responses="200,201,202,204,206" required-props-first="true" show-object-schema-examples="true" hide-hostname="false" path-in-middle-panel="true"></redoc>
<script src="${LOGO_SHIM_PATH}"></script>
<script src="${BUNDLE_PATH}"></script>
</body>
</html>
`;

export async function registerReferencePage(app: FastifyInstance): Promise<void> {
  const bundle = await readFile(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
  await app.register(async (scope) => {
    // Runs after the site-wide onSend hook (a child scope's hooks come later), so this page's policy is the one sent.
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('content-security-policy', DOCS_CSP);
      return payload;
    });
    scope.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
    );
    scope.get(LOGO_SHIM_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(LOGO_SHIM),
    );
    scope.get(BUNDLE_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(bundle),
    );
  });
}

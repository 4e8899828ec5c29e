// The words of the OpenAPI document that no schema carries: each operation's
// description, what each of its statuses means, and the headers every
// operation shares. Keyed by `METHOD url` as OPERATIONS in api/openapi.ts.
// A route without an entry here still gets the general status words below (so
// no status is ever "Default Response"); test/unit/api/openapi-reference.test.ts
// names every operation that lacks its own description or example.

/** What a status means when the operation says nothing more precise. */
export const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '202': 'Accepted: the work goes on in the background',
  '204': 'Done; no body',
  '206': 'Partial content: the requested byte range',
  '400': 'Bad input: `detail` says what to fix and names the field',
  '401': 'No API key, or a key the service does not know (checked before the body is read)',
  '403': "Not allowed on this account's plan",
  '404': "Not found for this key: unknown, deleted, or another account's",
  '409': 'Conflict: the resource is not in a state that allows this',
  '413': 'The body is over its size limit',
  '416': 'The requested range is outside the file',
  '429': 'A rate limit or monthly quota reached: wait `Retry-After` seconds',
  '500': 'An internal error (the log has the details, under the `x-request-id`)',
  '502': 'The model server answered but failed; nothing was charged',
  '503': 'A service this needs is unavailable right now; try again shortly',
};

export interface OperationText {
  /** Markdown, shown under the summary. */
  description: string;
  /** What a status means for this operation, where it says more than STATUS_TEXT. */
  responses?: Record<string, string>;
  /** The operation takes an `Idempotency-Key` header. */
  idempotent?: boolean;
  /** false: the operation is not counted in a per-key rate window, so its answers carry no `x-ratelimit-*` headers. */
  rateWindow?: false;
}

const IDEMPOTENCY_409 = 'The `Idempotency-Key` was used for a different request (or its first request is still running: `Retry-After: 1`)';

export const OPERATION_TEXT: Record<string, OperationText> = {
  'GET /healthz': {
    description: "Answers 200 while the API process runs. For a load balancer's liveness check; it reaches nothing else.",
    responses: { '200': 'The process is up' },
  },
  'GET /readyz': {
    description: 'Checks that MongoDB and Temporal answer. 503 names what is unreachable; the API keeps serving what it can.',
    responses: { '200': 'MongoDB and Temporal reachable', '503': 'MongoDB or Temporal unreachable' },
  },
  'GET /v1/signals': {
    description:
      'The reference of the four per-second signals (hold, motion, loudness, speech): what each measures, its scale and how the score, grade and hook are read from them. Keyless.',
    responses: { '200': 'The signal reference' },
  },
  'GET /v1/demo': {
    description: 'The complete scan an operator featured (`npm run demo:feature`), the same one the home page draws. Keyless, limited per client address.',
    responses: { '200': 'The featured scan, complete', '503': 'No scan is featured yet' },
  },
  'POST /v1/scans': {
    description: [
      'Submits one video and answers at once with its `scan_id`; poll `GET /v1/scans/{id}` (or pass `webhook_url`) for the read.',
      '',
      '- **A public URL**: `application/json` with `{"input": {"type": "url", "url": "https://…"}}`. The host must resolve to public addresses only; redirects (at most 5) are checked the same way.',
      '- **An upload**: `multipart/form-data` with one part named `file` (up to the upload limit, 400 MB by default) and optional `title` and `webhook_url` parts, before or after it.',
      '',
      "The file's name is kept as the scan's `source_name` (the upload part's file name, base name only; for a URL, the last segment of its path when it names a video file, `…/talk.mp4`); without a `title` the scan is titled by it, without its extension.",
      '',
      '`webhook_url` (JSON field or form part): a public http(s) URL that receives a signed `scan.completed` or `scan.failed` event when the scan ends (see the `scanEnded` webhook).',
      '',
      '`Idempotency-Key` makes a retry safe: the same key with the same request within 24 h answers the first `202` again (`Idempotent-Replayed: true`) and takes no second quota unit.',
      '',
      "The key is checked before a byte of the body is read. Counts one scan of the month's quota; a refused submission gives it back.",
      '',
      'An account has at most 3 scans in flight on the Signal plan, 5 on Agents (queued, processing or still being received; `HOLDLINE_SCANS_IN_FLIGHT_SIGNAL`, `…_AGENTS`), and its URL downloads may run 1800 seconds an hour (`HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR`; uploads do not count). Past either, `429` with `Retry-After`, before anything is taken or an upload is read. A scan cancelled before its download began gives its unit back; one whose video was fetched (an upload, a download that began) does not.',
    ].join('\n'),
    idempotent: true,
    responses: {
      '202': 'Accepted and queued: `{scan_id, status: "queued", pct: 0}`',
      '400': 'Bad input: a malformed body, a URL that is not public http(s), an empty upload, a bad `webhook_url` or `Idempotency-Key`; `detail` names it',
      '409': IDEMPOTENCY_409,
      '413': 'The upload or JSON body is over its limit (by `Content-Length` before reading, or mid-stream)',
      '429':
        "Submissions per minute, the month's scans, the account's scans in flight or, for a URL, the hour's download time used up: wait `Retry-After` seconds; nothing was taken",
      '503': 'The store or the workflow service is unavailable; nothing was kept or counted',
    },
  },
  'GET /v1/scans': {
    description: 'Your scans, newest first, as history rows (status, title, score, grade, label, duration, created_at). Pages by `offset` and `limit`.',
    responses: { '200': 'One page of your scans', '400': 'A bad `limit` (1–100) or `offset` (0–10 000)' },
  },
  'GET /v1/scans/:id': {
    description: [
      'One scan in its current state:',
      '',
      '- `queued` or `processing`: `{scan_id, status, pct}`;',
      '- `complete`: the whole read (timeline of hold, motion, loudness and speech per second, cuts, dead stretches, moments, claims, transcript, score, grade, label, hook, summary, method);',
      '- `error`: `{scan_id, status: "error", pct, detail}`.',
      '',
      'Poll it until `complete` or `error` (every second or two is fine: reads have their own limit of 600 a minute).',
    ].join('\n'),
    responses: { '200': 'The scan: in flight, complete or in error', '404': 'No such scan for this key' },
  },
  'DELETE /v1/scans/:id': {
    description:
      'Deletes a scan for good: it disappears from every read at once, then its media, read, parts, history and library entries, Idempotency-Key records and recuts (with their re-scans) are removed. A running scan is cancelled first. A scan cancelled before anything of its video was fetched (a URL scan whose download had not begun) gives its quota unit back.',
    responses: {
      '202': 'Still being deleted after 20 s (a worker or a store is down): `{scan_id, status: "deleting"}`; it finishes when they are back',
      '204': 'Deleted: nothing of the scan is left',
      '404': 'No such scan for this key (a second DELETE is 404)',
    },
  },
  'POST /v1/scans/:id/cancel': {
    description:
      'Stops a queued or running scan. It ends in `error` with `detail: "cancelled"` (a webhook gets `scan.failed`), and its video, audio and parts are removed. The answer waits up to 5 s for that clean-up: `200` once it is done, else `202` with the scan as it is now while the cancel goes on (poll `GET /v1/scans/{id}` for its `cancelled` end). Its quota unit goes back only when nothing of its video was fetched yet: a URL scan whose download had not begun; an upload, or a download that began, keeps the unit used.',
    responses: {
      '200': 'The scan, now `{status: "error", detail: "cancelled"}`',
      '202': 'The cancel was sent and goes on: the scan as it is now, still `queued` or `processing`',
      '404': 'No such scan for this key',
      '409': 'The scan has already ended (complete or error)',
    },
  },
  'GET /v1/scans/:id/media': {
    description:
      "The stored video, served inertly: `Content-Type` from the container ffprobe found, `X-Content-Type-Options: nosniff`, `Content-Security-Policy: default-src 'none'; sandbox`, `Content-Disposition: inline` named by the scan's `source_name` (with the served container's extension when its own names another kind of file; `<scan_id>.<ext>` without one), so the download relinks to the exported timelines by that name. One `Range` per request. Needs the owner's key, or none once the scan is published.",
    responses: {
      '200': 'The whole video',
      '206': 'The requested byte range (`Content-Range`)',
      '401': 'No key, and the scan is not published (unknown ids get the same answer)',
      '404': 'No such scan for this key',
      '416': 'The range is outside the file',
    },
  },
  'GET /v1/scans/:id/export': {
    description: [
      'A complete scan as a file to download (`Content-Disposition: attachment; filename="<scan_id>.<ext>"`):',
      '',
      '| format | content |',
      '|---|---|',
      '| `srt`, `vtt` | the transcript as subtitles |',
      '| `csv` | `second,hold,motion,loudness,speech`, one row per second |',
      '| `edl` | CMX3600 edit list: one event per shot, markers at cuts and dead stretches; the record side from `record_start` (default `01:00:00:00`) |',
      '| `chapters` | YouTube chapter lines |',
      '| `json` | the scan as `GET /v1/scans/{id}` serves it |',
      '',
      "Needs the owner's key, or none once the scan is published.",
    ].join('\n'),
    responses: {
      '200': 'The file',
      '400': "A missing or unknown `format`, a `record_start` that is not a timecode at the source's rate, or `record_start` with a format other than `edl`",
      '401': 'No key, and the scan is not published (unknown ids get the same answer)',
      '404': 'No such scan for this key',
      '409': 'The scan is not complete',
    },
  },
  'POST /v1/scans/:id/recut': {
    description:
      'Agents plan. The recut agent proposes a tighter cut of a complete scan (optional `goal`, `max_seconds`), renders it, re-scans it and compares the two reads. Answers at once with the `recut_id`; poll `GET /v1/recuts/{id}`. The re-scan counts one scan of the month. Takes an `Idempotency-Key` as scan submissions do.',
    idempotent: true,
    responses: {
      '202': 'Accepted: `{recut_id, status: "queued", parent_scan_id}`',
      '403': 'The account is not on the Agents plan; `detail` names the plan that has it',
      '404': 'No such scan for this key',
      '409': 'The scan is not complete (or shorter than 1 s), or the `Idempotency-Key` was used for another request',
      '429': "The month's scans used up, or submissions per minute: wait `Retry-After` seconds",
    },
  },
  'GET /v1/recuts/:id': {
    description:
      'One recut: its stage (`propose`, `render`, `rescan`) and pct while it runs; when complete, the segments kept, the rationale, who proposed it (the model, or the rules when the model server failed) and the before/after comparison.',
    responses: { '200': 'The recut', '404': 'No such recut for this key' },
  },
  'GET /v1/recuts/:id/export': {
    description: [
      "A complete recut's cut list on its source (the parent scan's video) as a file to download (`Content-Disposition: attachment; filename=\"<recut_id>.<ext>\"`), built by the same timeline code as the scan's exports: one clip per kept segment, on the source frames nearest its bounds, laid end to end, picture and sound; the parent read's markers that start inside a kept segment, on the frame where they were kept.",
      '',
      '| format | content |',
      '|---|---|',
      '| `edl` | CMX3600: one `AA/V` event per kept segment, the record side from `record_start` (default `01:00:00:00`), `* LOC:` markers at cuts and dead stretches |',
      '| `otio` | OpenTimelineIO: a video and an audio track of the kept clips, the markers on the stack |',
      '| `fcpxml` | Final Cut Pro XML 1.9: one `asset-clip` per kept segment with its markers |',
      '| `markers.csv` | the markers with their source and record timecodes |',
      '',
      "Needs the recut owner's key.",
    ].join('\n'),
    responses: {
      '200': 'The file',
      '400': "A missing or unknown `format`, a `record_start` that is not a timecode at the source's rate, or `record_start` with a format other than `edl`",
      '404': 'No such recut for this key, or its scan was deleted',
      '409': 'The recut is not complete',
    },
  },
  'GET /v1/scans/:id/recuts': {
    description: 'The recuts of one of your scans, newest first.',
    responses: { '200': "The scan's recuts", '404': 'No such scan for this key' },
  },
  'POST /api/scans/:id/publish': {
    description:
      'Website only (a signed-in session cookie and `Content-Type: application/json`, body `{}`): puts a complete scan in the public library, so its read, media and exports need no key.',
    responses: { '200': '`{scan_id, published: true}`', '401': 'No signed-in session', '404': 'Not your scan', '409': 'The scan is not complete' },
  },
  'POST /api/scans/:id/unpublish': {
    description: "Website only (a signed-in session): takes the scan out of the library at once; its media and exports need the owner's key again.",
    responses: { '200': '`{scan_id, published: false}` (also when it was not published)', '401': 'No signed-in session', '404': 'Not your scan' },
  },
  'GET /api/library': {
    description: 'Published scans, newest first, with links to their pages. Keyless, limited per client address.',
    responses: { '200': 'One page of the library', '400': 'A bad `limit` (1–100) or `offset` (0–10 000)' },
  },
  'DELETE /v1/account': {
    description:
      'Closes the account. The body repeats its email (any case) as confirmation and, once the account has a password (every account made on the website does), the password as `password`: **the key alone cannot close an account**. Wrong passwords count against the same throttle as `PUT /v1/account/password` (10 per 15 minutes). The key answers 401 at once and website sessions end; then every scan, recut, chat call, key, session and counter is removed by a workflow that retries until done.',
    responses: {
      '202': 'Closing: the key no longer works and the clean-up goes on',
      '204': 'Closed: nothing of the account is left',
      '400':
        "The body's email is missing or not the account's, `password` is missing once the account has one, or the body has a field this route does not take",
      '403': "The `password` is not the account's; the account is still open",
      '429': "Too many wrong passwords for this account (10 per 15 minutes), or the key's submissions per minute are spent",
    },
  },
  'PUT /v1/account/password': {
    description:
      "Sets or changes the account's website password with the key. An account made by `npm run account:create` has none and sets its first with the key alone; once it has one, `current_password` is required. Every website session of the account is signed out (a key is not a session); the key keeps working.",
    responses: {
      '200': '`{status: "set" | "changed", signed_out_sessions}`',
      '400': 'A password outside the rule (8–200 characters), or `current_password` missing once the account has a password',
      '403': 'The `current_password` is wrong; nothing was changed',
      '429': "Too many wrong current passwords (10 per 15 minutes) or changes (10 per hour) for this account, or the key's submissions per minute are spent",
    },
  },
  'GET /v1/account/retention': {
    description:
      "How long this account's videos are kept: its own setting, the operator's default (`HOLDLINE_MEDIA_RETENTION_DAYS`) and what is in force. The hourly retention run removes older videos and keeps their reads, which then say `media_url: null`.",
    responses: { '200': 'The setting and what is in force' },
  },
  'PUT /v1/account/retention': {
    description:
      "Sets the days a video is kept (0 keeps videos for good; null follows the operator's default) and whether published scans' videos go too (`include_published`, false by default: they stay watchable).",
    responses: { '200': 'The setting now in force', '400': 'Days outside 0–3650, or an unknown field' },
  },
  'GET /v1/account/export': {
    description:
      "Every scan of the account as one tar stream, made entry by entry as it is read: `<scan_id>/scan.json` (the scan as served), its video with `media=1` (a video over the upload limit is left out and the manifest says why), and `manifest.json` last, with each file's size and SHA-256. One archive of an account is sent at a time, and with `media=1` the videos' size counts against the account's hourly allowance of archived video (`HOLDLINE_ARCHIVE_MEDIA_MIB_PER_HOUR`, 20 GiB by default).",
    responses: {
      '200': 'The archive (`application/x-tar`, `Content-Disposition: attachment`)',
      '400': 'A `media` other than `0` or `1`',
      '429': "The key's reads per minute are spent, another archive of the account is still being sent, or the videos are more than the hour's allowance left",
    },
  },
  'GET /v1/models': {
    description:
      "The models of the agent interface, OpenAI's list shape: `holdline` and any configured ids, each naming the open-weight base model it runs on.",
    responses: { '200': 'The models' },
  },
  'GET /v1/usage': {
    description: 'Your plan and this month: chat calls used and left, tokens, scans used and left.',
    responses: { '200': "This month's usage" },
  },
  'POST /v1/webhooks/test': {
    description:
      "Sends one signed `webhook.test` event to `url`, through the same delivery path and address rules as a scan's webhook, and answers with what the receiver said. Counts against submissions per minute.",
    responses: { '200': 'What the receiver answered: `delivered` is true for a 2xx', '400': 'A `url` that is not a public http(s) URL' },
  },
  'POST /v1/chat/completions': {
    description: [
      "OpenAI-compatible: any OpenAI client works with its base URL set to this service's `/v1`. Inside one call, agents plan, write and run code in a sandbox, read public web pages and check their own work, then answer as one `chat.completion` whose `holdline` object says how the run ended.",
      '',
      '- Non-streamed: the status is sent once the first model step has answered; spaces keep the connection alive until the JSON.',
      '- `stream: true`: Server-Sent Events; progress arrives as `delta.reasoning_content`, the answer as `content`, then `data: [DONE]`.',
      '',
      "One call at a time per key; 25 calls a month. Errors use OpenAI's shape `{error: {message, type, param, code}}`.",
    ].join('\n'),
    responses: {
      '200': 'The answer: one JSON body (leading spaces keep the connection alive), or an event stream when `stream` is true',
      '400': 'A malformed request: `error.param` names the field (`messages`, `model`, …)',
      '413': 'The body is over 256 KB',
      '429': "A call already running for this key, too many running service-wide, or the month's calls used up",
      '502': 'The model server answered but failed before the first step; nothing was charged',
      '503': 'The model server is unreachable; nothing was charged',
    },
  },
};

/**
 * `info.description`: what a user reads first. Redoc makes each `#` heading a
 * section of its sidebar, above the operations.
 */
export const GUIDE = `Holdline reads a video second by second: hold, motion, loudness and speech, cuts, dead stretches, peak moments, claims, a transcript, a score, a grade and the method that computed them. The series are proxies computed from the file, not a measurement of any viewer. Beside it, an OpenAI-compatible model interface runs agents that plan, write and run code in a sandbox for each call.

# Getting started

1. **Get a key.** Sign up on the website (\`/signup\`); your account page (\`/account\`) shows your key, \`sk_sig_…\`, in full once, when it is made or rotated. Keep it: later the page shows only its prefix.
2. **Submit a video**, by public URL or as an upload. The answer comes at once, \`{"scan_id": "scn_…", "status": "queued", "pct": 0}\`:

   \`\`\`sh
   export HOLDLINE_BASE_URL=https://holdline.example.com HOLDLINE_API_KEY=sk_sig_…
   curl -H "Authorization: Bearer $HOLDLINE_API_KEY" -F file=@talk.mp4 -F title="My talk" "$HOLDLINE_BASE_URL/v1/scans"
   \`\`\`

3. **Read it.** Poll \`GET /v1/scans/{id}\` every second or two until \`status\` is \`complete\` (the whole read) or \`error\` (\`detail\` says why), or pass \`webhook_url\` and be told when it ends (see the \`scanEnded\` webhook).
4. **Or use a client**: the TypeScript client (\`clients/js\`, \`@holdline/client\`) and the Python client (\`clients/python\`, \`holdline\`) submit, wait, page, export and retry 429 and 503 for you; every operation below shows curl and both. For the model interface any OpenAI client works with its base URL set to \`<base URL>/v1\`.

Without a key you can try \`GET /v1/signals\` (what each series reads) and \`GET /v1/demo\` (a complete scan).

# Authentication

Send the key on every keyed request: \`Authorization: Bearer sk_sig_…\`. One key serves both interfaces. Keyless: \`GET /v1/signals\`, \`GET /v1/demo\`, \`GET /api/library\`, \`/healthz\`, \`/readyz\`, and the media and exports of a published scan. Publishing and unpublishing need the website's signed-in session instead (cookie \`hl_session\`).

A missing, unknown or revoked key is \`401\`, checked before a byte of the body is read. Rotating the key on the account page revokes the old one at once.

# Errors

The HTTP status says what happened; the body says why.

- **Signal interface** (\`/v1/scans…\`, \`/v1/recuts…\`, \`/v1/account…\`, \`/v1/signals\`, \`/v1/demo\`, \`/v1/webhooks/test\`, \`/api/…\`): \`{"detail": "…"}\`, one sentence that names the field or the limit. 400 bad input, 401 no valid key, 403 not on your plan, 404 no such resource for this key (another account's scan is 404 too), 409 not in a state that allows it, 413 over a size limit, 429 a rate limit or monthly quota, 503 a service it needs is down.
- **Model interface** (\`/v1/chat/completions\`, \`/v1/models\`, \`/v1/usage\`): OpenAI's shape, \`{"error": {"message", "type", "param", "code"}}\`, so OpenAI clients raise their usual errors. \`code\` is stable: \`invalid_api_key\` (401), \`quota_exceeded\` and \`rate_limit\` (429), \`request_too_large\` (413), \`upstream_unavailable\` and \`model_unavailable\` (502, 503).

Every answer carries \`x-request-id\`; quote it when reporting a problem.

# Rate limits

Per key and minute: 60 submissions and 600 reads on the signal interface; a month's scans by plan (30 on Signal, 50 on Agents); on the model interface one call at a time per key and 25 calls a month. Every answer to a valid key says where it stands: \`x-ratelimit-limit\`, \`x-ratelimit-remaining\` and \`x-ratelimit-reset\` (seconds until the window resets). A \`429\` carries \`Retry-After\`: wait that many seconds, then retry. The model interface's 429s also send \`x-should-retry: false\`, since the official OpenAI clients would otherwise resend at once.

# Idempotency

\`POST /v1/scans\` and \`POST /v1/scans/{id}/recut\` take an \`Idempotency-Key\` header (1 to 255 printable ASCII characters, e.g. a UUID). Resending the same request with the same key within 24 h answers the first \`202\` again with \`Idempotent-Replayed: true\`, starting and counting nothing, so a retry after a timeout never makes a second scan. The same key with a different request is \`409\`; a refused request frees its key.

# Webhooks

A scan submitted with \`webhook_url\` ends with one signed POST to it, \`scan.completed\` or \`scan.failed\` (the \`scanEnded\` webhook below), signed per Standard Webhooks with your account's \`whsec_…\` secret from the account page. Verify it over the raw body, e.g. \`new Webhook(secret).verify(body, headers)\` with the \`standardwebhooks\` package; answer 2xx to stop the retries (for up to 24 h), 410 to give up. \`POST /v1/webhooks/test\` sends a test event to a receiver first.
`;

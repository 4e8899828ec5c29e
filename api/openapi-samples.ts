// The code samples of the OpenAPI document (`x-codeSamples`, which Redoc shows
// beside each operation): curl, the TypeScript client (clients/js) and the
// Python client (clients/python), keyed by `METHOD url` as OPERATIONS in
// api/openapi.ts. Where a client has no call for an operation the sample says
// so and uses what does the job (fetch, httpx, the openai package).
// test/unit/api/openapi-samples.test.ts type-checks the TypeScript samples
// against clients/js and binds every Python call to the clients' signatures.

export interface CodeSample {
  lang: 'Shell' | 'TypeScript' | 'Python';
  label: string;
  source: string;
}

const TS_SETUP = [
  "import { Holdline } from '@holdline/client';",
  'const client = new Holdline({ baseUrl: process.env.HOLDLINE_BASE_URL!, apiKey: process.env.HOLDLINE_API_KEY });',
];
const PY_SETUP = ['import os', '', 'from holdline import Holdline', '', 'client = Holdline()  # HOLDLINE_API_KEY, HOLDLINE_BASE_URL'];
const HTTPX_SETUP = ['import os', '', 'import httpx', '', 'base, key = os.environ["HOLDLINE_BASE_URL"], os.environ["HOLDLINE_API_KEY"]'];
const OPENAI_SETUP = [
  'import os',
  '',
  'from openai import OpenAI',
  '',
  'openai_client = OpenAI(base_url=os.environ["HOLDLINE_BASE_URL"] + "/v1", api_key=os.environ["HOLDLINE_API_KEY"])',
];

const KEY = '-H "Authorization: Bearer $HOLDLINE_API_KEY"';
const JSON_TYPE = "-H 'content-type: application/json'";

const curl = (source: string): CodeSample => ({ lang: 'Shell', label: 'curl', source });
const sdk = (...body: string[]): CodeSample => ({ lang: 'TypeScript', label: 'TypeScript client', source: [...TS_SETUP, ...body].join('\n') });
/** A TypeScript sample for an operation the client has no call for. */
const fetchTs = (...body: string[]): CodeSample => ({ lang: 'TypeScript', label: 'TypeScript (fetch)', source: body.join('\n') });
const py = (...body: string[]): CodeSample => ({ lang: 'Python', label: 'Python client', source: [...PY_SETUP, ...body].join('\n') });
const httpx = (...body: string[]): CodeSample => ({ lang: 'Python', label: 'Python (httpx)', source: [...HTTPX_SETUP, ...body].join('\n') });
const openai = (...body: string[]): CodeSample => ({ lang: 'Python', label: 'Python (openai)', source: [...OPENAI_SETUP, ...body].join('\n') });

const SCAN = 'scn_0123456789abcdef01234567';
const RECUT = 'rct_0123456789abcdef01234567';

export const CODE_SAMPLES: Record<string, [CodeSample, CodeSample, CodeSample]> = {
  'GET /healthz': [
    curl('curl "$HOLDLINE_BASE_URL/healthz"'),
    sdk('const { ok } = await client.health.live();'),
    httpx('print(httpx.get(f"{base}/healthz").json())  # the Python client has no health call'),
  ],
  'GET /readyz': [
    curl('curl "$HOLDLINE_BASE_URL/readyz"'),
    sdk('const ready = await client.health.ready();', 'console.log(ready.mongodb, ready.temporal, ready.model);'),
    httpx('print(httpx.get(f"{base}/readyz").json())  # the Python client has no health call'),
  ],
  'GET /v1/signals': [
    curl('curl "$HOLDLINE_BASE_URL/v1/signals"'),
    sdk('const reference = await client.signals();', 'console.log(reference.floor, reference.signals.map((signal) => signal.name));'),
    py('reference = client.signals()', 'print(reference["floor"], [signal["name"] for signal in reference["signals"]])'),
  ],
  'GET /v1/demo': [
    curl('curl "$HOLDLINE_BASE_URL/v1/demo"'),
    sdk('const demo = await client.demo();', 'console.log(demo.grade, demo.summary);'),
    py('demo = client.demo()', 'print(demo["grade"], demo["summary"])'),
  ],
  'POST /v1/scans': [
    curl(
      [
        `curl ${KEY} -F file=@talk.mp4 -F title="My talk" "$HOLDLINE_BASE_URL/v1/scans"`,
        `curl ${KEY} ${JSON_TYPE} -H "Idempotency-Key: $(uuidgen)" \\`,
        `  -d '{"input": {"type": "url", "url": "https://example.com/talk.mp4"}, "title": "My talk"}' "$HOLDLINE_BASE_URL/v1/scans"`,
      ].join('\n'),
    ),
    sdk(
      "const queued = await client.scans.create({ file: 'talk.mp4', title: 'My talk' });",
      "// or a public URL, safe to retry: await client.scans.create({ url: 'https://example.com/talk.mp4', idempotencyKey: crypto.randomUUID() });",
      'const scan = await client.scans.wait(queued.scan_id, { onProgress: (s) => console.log(s.stage, s.pct) });',
    ),
    py(
      'queued = client.scans.create(file="talk.mp4", title="My talk")',
      '# or a public URL: client.scans.create(url="https://example.com/talk.mp4", idempotency_key=str(uuid.uuid4()))',
      'scan = client.scans.wait(queued["scan_id"], on_progress=lambda s: print(s["status"], s.get("pct")))',
    ),
  ],
  'GET /v1/scans': [
    curl(`curl ${KEY} "$HOLDLINE_BASE_URL/v1/scans?limit=20"`),
    sdk(
      'const page = await client.scans.list({ limit: 20 });',
      '// every scan, page after page:',
      'for await (const scan of client.scans.list()) console.log(scan.scan_id, scan.status);',
    ),
    py('for scan in client.scans.list(limit=20):', '    print(scan["scan_id"], scan["status"])'),
  ],
  'GET /v1/scans/:id': [
    curl(`curl ${KEY} "$HOLDLINE_BASE_URL/v1/scans/${SCAN}"`),
    sdk(`const scan = await client.scans.get('${SCAN}');`, "if (scan.status === 'complete') console.log(scan.score, scan.grade, scan.label);"),
    py(`scan = client.scans.get("${SCAN}")`, 'if scan["status"] == "complete":', '    print(scan["score"], scan["grade"], scan["label"])'),
  ],
  'DELETE /v1/scans/:id': [
    curl(`curl -X DELETE ${KEY} "$HOLDLINE_BASE_URL/v1/scans/${SCAN}"`),
    sdk(`const deleted = await client.scans.delete('${SCAN}'); // status: 'deleted' or 'deleting'`),
    py(`deleted = client.scans.delete("${SCAN}")  # status: "deleted" or "deleting"`),
  ],
  'POST /v1/webhooks/test': [
    curl(`curl ${KEY} ${JSON_TYPE} -d '{"url": "https://example.com/hooks/holdline"}' "$HOLDLINE_BASE_URL/v1/webhooks/test"`),
    fetchTs(
      '// The TypeScript client has no webhook test call.',
      'const response = await fetch(`${process.env.HOLDLINE_BASE_URL}/v1/webhooks/test`, {',
      "  method: 'POST',",
      "  headers: { authorization: `Bearer ${process.env.HOLDLINE_API_KEY}`, 'content-type': 'application/json' },",
      "  body: JSON.stringify({ url: 'https://example.com/hooks/holdline' }),",
      '});',
      'const { delivered, status } = (await response.json()) as { delivered: boolean; status: number | null };',
    ),
    httpx(
      '# The Python client has no webhook test call.',
      'answer = httpx.post(f"{base}/v1/webhooks/test", headers={"Authorization": f"Bearer {key}"}, json={"url": "https://example.com/hooks/holdline"})',
      'print(answer.json()["delivered"])',
    ),
  ],
  'POST /v1/scans/:id/cancel': [
    curl(`curl -X POST ${KEY} "$HOLDLINE_BASE_URL/v1/scans/${SCAN}/cancel"`),
    sdk(`const scan = await client.scans.cancel('${SCAN}');`),
    py(`scan = client.scans.cancel("${SCAN}")`),
  ],
  'GET /v1/scans/:id/media': [
    curl(`curl ${KEY} -H 'Range: bytes=0-1048575' -o part.mp4 "$HOLDLINE_BASE_URL/v1/scans/${SCAN}/media"`),
    sdk(
      "import { createWriteStream } from 'node:fs';",
      "import { Readable } from 'node:stream';",
      "import { pipeline } from 'node:stream/promises';",
      `const media = await client.scans.media('${SCAN}');`,
      "await pipeline(Readable.fromWeb(media.body), createWriteStream('video.mp4'));",
    ),
    httpx(
      '# The Python client has no media call.',
      `with httpx.stream("GET", f"{base}/v1/scans/${SCAN}/media", headers={"Authorization": f"Bearer {key}"}) as response, open("video.mp4", "wb") as out:`,
      '    for chunk in response.iter_bytes():',
      '        out.write(chunk)',
    ),
  ],
  'GET /v1/scans/:id/export': [
    curl(`curl ${KEY} -OJ "$HOLDLINE_BASE_URL/v1/scans/${SCAN}/export?format=srt"`),
    sdk(`const file = await client.scans.export('${SCAN}', 'edl', { recordStart: '01:00:00:00' });`, 'console.log(file.filename, file.body);'),
    py(`file = client.scans.export("${SCAN}", "edl", record_start="01:00:00:00")`, 'file.save(file.filename)'),
  ],
  'POST /v1/scans/:id/recut': [
    curl(`curl ${KEY} ${JSON_TYPE} -d '{"goal": "under 60 s for Shorts", "max_seconds": 60}' "$HOLDLINE_BASE_URL/v1/scans/${SCAN}/recut"`),
    sdk(
      `const queued = await client.recuts.create('${SCAN}', { goal: 'under 60 s for Shorts', maxSeconds: 60 });`,
      'const recut = await client.recuts.wait(queued.recut_id);',
    ),
    py(`queued = client.recuts.create("${SCAN}", goal="under 60 s for Shorts", max_seconds=60)`, 'recut = client.recuts.wait(queued["recut_id"])'),
  ],
  'GET /v1/recuts/:id': [
    curl(`curl ${KEY} "$HOLDLINE_BASE_URL/v1/recuts/${RECUT}"`),
    sdk(`const recut = await client.recuts.get('${RECUT}');`),
    py(`recut = client.recuts.get("${RECUT}")`),
  ],
  'GET /v1/recuts/:id/export': [
    curl(`curl ${KEY} -OJ "$HOLDLINE_BASE_URL/v1/recuts/${RECUT}/export?format=otio"`),
    sdk(`const timeline = await client.recuts.export('${RECUT}', 'otio');`),
    py(`timeline = client.recuts.export("${RECUT}", "otio")`, 'timeline.save(timeline.filename)'),
  ],
  'GET /v1/scans/:id/recuts': [
    curl(`curl ${KEY} "$HOLDLINE_BASE_URL/v1/scans/${SCAN}/recuts"`),
    sdk(`const { data } = await client.recuts.list('${SCAN}');`),
    py(`recuts = client.recuts.list("${SCAN}")["data"]`),
  ],
  'POST /api/scans/:id/publish': [
    curl(`curl -b "hl_session=$SESSION" ${JSON_TYPE} -d '{}' "$HOLDLINE_BASE_URL/api/scans/${SCAN}/publish"`),
    fetchTs(
      '// A signed-in website session, not a key: the clients cannot publish.',
      `const response = await fetch(\`\${process.env.HOLDLINE_BASE_URL}/api/scans/${SCAN}/publish\`, {`,
      "  method: 'POST',",
      "  headers: { cookie: `hl_session=${process.env.SESSION}`, 'content-type': 'application/json' },",
      "  body: '{}',",
      '});',
    ),
    httpx(
      '# A signed-in website session, not a key: the clients cannot publish.',
      `httpx.post(f"{base}/api/scans/${SCAN}/publish", cookies={"hl_session": os.environ["SESSION"]}, json={})`,
    ),
  ],
  'POST /api/scans/:id/unpublish': [
    curl(`curl -b "hl_session=$SESSION" ${JSON_TYPE} -d '{}' "$HOLDLINE_BASE_URL/api/scans/${SCAN}/unpublish"`),
    fetchTs(
      '// A signed-in website session, not a key: the clients cannot unpublish.',
      `await fetch(\`\${process.env.HOLDLINE_BASE_URL}/api/scans/${SCAN}/unpublish\`, {`,
      "  method: 'POST',",
      "  headers: { cookie: `hl_session=${process.env.SESSION}`, 'content-type': 'application/json' },",
      "  body: '{}',",
      '});',
    ),
    httpx(
      '# A signed-in website session, not a key: the clients cannot unpublish.',
      `httpx.post(f"{base}/api/scans/${SCAN}/unpublish", cookies={"hl_session": os.environ["SESSION"]}, json={})`,
    ),
  ],
  'GET /api/library': [
    curl('curl "$HOLDLINE_BASE_URL/api/library?limit=20"'),
    sdk('for await (const entry of client.library.list()) console.log(entry.title, entry.grade, entry.url);'),
    httpx('print(httpx.get(f"{base}/api/library", params={"limit": 20}).json()["data"])  # the Python client has no library call'),
  ],
  'DELETE /v1/account': [
    curl(`curl -X DELETE ${KEY} ${JSON_TYPE} -d '{"email": "you@example.com", "password": "…"}' "$HOLDLINE_BASE_URL/v1/account"`),
    sdk("await client.account.close({ email: 'you@example.com', password: process.env.HOLDLINE_PASSWORD });"),
    py('client.account.close("you@example.com", password=os.environ["HOLDLINE_PASSWORD"])'),
  ],
  'GET /v1/account/retention': [
    curl(`curl ${KEY} "$HOLDLINE_BASE_URL/v1/account/retention"`),
    sdk('const { effective_days } = await client.account.retention();'),
    py('print(client.account.retention()["effective_days"])'),
  ],
  'PUT /v1/account/retention': [
    curl(`curl -X PUT ${KEY} ${JSON_TYPE} -d '{"media_retention_days": 30}' "$HOLDLINE_BASE_URL/v1/account/retention"`),
    sdk('await client.account.setRetention({ mediaRetentionDays: 30, includePublished: false });'),
    py('client.account.set_retention(media_retention_days=30, include_published=False)'),
  ],
  'GET /v1/account/export': [
    curl(`curl ${KEY} -o holdline.tar "$HOLDLINE_BASE_URL/v1/account/export?media=1"`),
    sdk(
      "import { createWriteStream } from 'node:fs';",
      "import { Readable } from 'node:stream';",
      "import { pipeline } from 'node:stream/promises';",
      'const archive = await client.account.export({ media: true });',
      'await pipeline(Readable.fromWeb(archive.body), createWriteStream(archive.filename));',
    ),
    py('archive = client.account.export("holdline.tar", media=True)'),
  ],
  'PUT /v1/account/password': [
    curl(`curl -X PUT ${KEY} ${JSON_TYPE} -d '{"password": "a new password", "current_password": "…"}' "$HOLDLINE_BASE_URL/v1/account/password"`),
    sdk("await client.account.changePassword({ password: 'a new password', currentPassword: process.env.HOLDLINE_PASSWORD });"),
    py('client.account.change_password("a new password", current_password=os.environ["HOLDLINE_PASSWORD"])'),
  ],
  'GET /v1/models': [
    curl(`curl ${KEY} "$HOLDLINE_BASE_URL/v1/models"`),
    sdk('const { data } = await client.models.list();', 'console.log(data.map((model) => `${model.id} on ${model.base_model}`));'),
    openai('for model in openai_client.models.list():', '    print(model.id)'),
  ],
  'GET /v1/usage': [
    curl(`curl ${KEY} "$HOLDLINE_BASE_URL/v1/usage"`),
    sdk('const usage = await client.usage();', 'console.log(usage.calls_left, usage.scans_left);'),
    httpx('print(httpx.get(f"{base}/v1/usage", headers={"Authorization": f"Bearer {key}"}).json())  # the Python client has no usage call'),
  ],
  'POST /v1/chat/completions': [
    curl(
      [
        `curl ${KEY} ${JSON_TYPE} "$HOLDLINE_BASE_URL/v1/chat/completions" \\`,
        `  -d '{"model": "holdline", "messages": [{"role": "user", "content": "Sum the primes below 1000; check it by running code."}]}'`,
      ].join('\n'),
    ),
    sdk(
      'const completion = await client.chat.completions.create({',
      "  model: 'holdline',",
      "  messages: [{ role: 'user', content: 'Sum the primes below 1000; check it by running code.' }],",
      '});',
      'console.log(completion.choices[0]?.message.content, completion.holdline.base_model);',
    ),
    openai(
      'completion = openai_client.chat.completions.create(',
      '    model="holdline",',
      '    messages=[{"role": "user", "content": "Sum the primes below 1000; check it by running code."}],',
      ')',
      'print(completion.choices[0].message.content)',
    ),
  ],
};

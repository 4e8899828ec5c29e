// The five sandbox tools over a real MongoDB-protocol server (the test stack's FerretDB),
// the real isolated-vm child and a loopback web server.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallFiles, SandboxError } from '../../../activities/sandbox/call-files';
import { readUrl } from '../../../activities/sandbox/read-url';
import { createSandboxTools } from '../../../activities/sandbox/tools';
import { getStackEnv } from '../helpers/stack-env';

let client: MongoClient;
let db: Db;
let server: http.Server;
let base: string;
let port: number;

const MiB2 = 2 * 1024 * 1024;
/** 2 MiB pages built to make a naive HTML scanner slow; each starts with a readable marker. */
const HOSTILE_PAGES: Record<string, string> = {
  'a-runs': `<p>marker</p>${'<a'.repeat(MiB2 / 2)}`,
  unclosed: `<p>marker</p>${'<div><p><span><b>x'.repeat(MiB2 / 18)}`,
  whitespace: `<p>marker</p><pre>${' '.repeat(MiB2 / 2)}x${'\n'.repeat(MiB2 / 2)}</pre>`,
  nesting: `<p>marker</p>${'<div><svg>'.repeat(60_000)}x${'</div>'.repeat(60_000)}`,
  attribute: `<p>marker</p><p title="${'x'.repeat(MiB2)}">after</p>`,
  'lone-lt': `<p>marker</p>${'< '.repeat(MiB2 / 2)}`,
};

const newCallId = () => `call_${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  const uri = new URL(getStackEnv().mongodbUri);
  uri.pathname = `/sbx${randomBytes(4).toString('hex')}`;
  client = new MongoClient(uri.toString(), { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  db = client.db();

  server = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    const hostile = HOSTILE_PAGES[(req.url ?? '').replace('/hostile/', '')];
    if (req.url?.startsWith('/hostile/') && hostile) return send(200, 'text/html; charset=utf-8', hostile);
    switch (req.url) {
      case '/links':
        return send(200, 'text/html', '<p>See <a href="/page">the page</a> and <a href="https://example.org/x?a=1&amp;b=2">more</a>.</p>');
      case '/page':
        return send(
          200,
          'text/html; charset=utf-8',
          '<html><head><title>Loopback page</title><script>var secret = 1;</script></head>' +
            '<body><h1>Heading</h1><p>Hello from the <b>test</b> server &mdash; caf&eacute;.</p></body></html>',
        );
      case '/plain':
        return send(200, 'text/plain', 'line one\r\nline two\n');
      case '/json':
        return send(200, 'application/json', '{"a":[1,2]}');
      case '/latin1':
        return send(200, 'text/html', Buffer.from('<meta charset="iso-8859-1"><p>caf\xe9</p>', 'latin1'));
      case '/image':
        return send(200, 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      case '/big':
        return send(200, 'text/plain', 'x'.repeat(300_000));
      case '/missing':
        return send(404, 'text/html', 'not here');
      case '/redirect-same':
        return send(302, 'text/plain', '', { location: '/page' });
      case '/redirect-private':
        return send(302, 'text/plain', '', { location: 'http://10.1.2.3/secret' });
      case '/redirect-localhost':
        return send(302, 'text/plain', '', { location: `http://localhost:${port}/page` });
      default:
        return send(404, 'text/plain', 'no route');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await db?.dropDatabase().catch(() => undefined);
  await client?.close();
});

describe('CallFiles', () => {
  it('writes, reads, lists and replaces files under normalised paths', async () => {
    const files = new CallFiles(db);
    const callId = newCallId();
    expect(await files.write(callId, './notes//plan.md', '# plan')).toEqual({ path: 'notes/plan.md', size: 6, created: true });
    expect(await files.write(callId, 'b.txt', 'café')).toEqual({ path: 'b.txt', size: 5, created: true });
    expect(await files.write(callId, 'notes/plan.md', '# plan v2')).toEqual({ path: 'notes/plan.md', size: 9, created: false });
    expect(await files.read(callId, 'notes/./plan.md')).toBe('# plan v2');
    expect((await files.list(callId)).map(({ path, size }) => ({ path, size }))).toEqual([
      { path: 'b.txt', size: 5 },
      { path: 'notes/plan.md', size: 9 },
    ]);
    expect(await files.readAll(callId)).toEqual({ 'b.txt': 'café', 'notes/plan.md': '# plan v2' });
    // Another call's folder is separate.
    expect(await files.list(newCallId())).toEqual([]);
    const doc = await db.collection('call_files').findOne({ _id: `${callId}:b.txt` as never });
    expect(doc).toMatchObject({ call_id: callId, path: 'b.txt', content: 'café', size: 5 });
    expect(doc?.['created_at']).toBeInstanceOf(Date);
  });

  it('survives a new CallFiles instance (any worker serves the folder)', async () => {
    const callId = newCallId();
    await new CallFiles(db).write(callId, 'state.json', '{"step":3}');
    expect(await new CallFiles(db).read(callId, 'state.json')).toBe('{"step":3}');
  });

  it('refuses traversal, absolute and NUL paths with bad_path', async () => {
    const files = new CallFiles(db);
    const callId = newCallId();
    for (const path of ['../escape.txt', 'a/../../b', '/etc/passwd', 'a\u0000b', '..\\x']) {
      await expect(files.write(callId, path, 'x')).rejects.toMatchObject({ name: 'SandboxError', code: 'bad_path' });
      await expect(files.read(callId, path)).rejects.toMatchObject({ code: 'bad_path' });
    }
    expect(await files.list(callId)).toEqual([]);
  });

  it('reports a missing file as not_found', async () => {
    await expect(new CallFiles(db).read(newCallId(), 'nope.txt')).rejects.toEqual(new SandboxError('not_found', 'no file nope.txt in the folder'));
  });

  it('enforces the file count, file size and folder size caps', async () => {
    const files = new CallFiles(db, { maxFiles: 3, maxFileBytes: 100, maxCallBytes: 250 });
    const callId = newCallId();
    await expect(files.write(callId, 'big', 'x'.repeat(101))).rejects.toMatchObject({ code: 'file_too_large' });
    await files.write(callId, 'a', 'x'.repeat(100));
    await files.write(callId, 'b', 'x'.repeat(100));
    await expect(files.write(callId, 'c', 'x'.repeat(51))).rejects.toMatchObject({
      code: 'quota',
      message: 'writing c would bring the folder to 251 bytes; the folder may hold at most 250 bytes',
    });
    await files.write(callId, 'c', 'x'.repeat(50));
    await expect(files.write(callId, 'd', '')).rejects.toMatchObject({ code: 'too_many_files' });
    // Replacing an existing file is not a new file and counts its new size only.
    await files.write(callId, 'a', 'y'.repeat(100));
    await files.write(callId, 'c', 'y'.repeat(50));
    expect((await files.list(callId)).map((f) => f.size)).toEqual([100, 100, 50]);
  });

  it('deletes a call folder and sweeps files older than a cutoff', async () => {
    const files = new CallFiles(db);
    const oldCall = newCallId();
    const freshCall = newCallId();
    await files.write(oldCall, 'a.txt', 'a');
    await files.write(oldCall, 'b.txt', 'b');
    await files.write(freshCall, 'c.txt', 'c');
    await db.collection('call_files').updateMany({ call_id: oldCall }, { $set: { created_at: new Date(Date.now() - 3 * 3600_000) } });
    expect(await files.deleteOlderThan(new Date(Date.now() - 2 * 3600_000))).toBeGreaterThanOrEqual(2);
    expect(await files.list(oldCall)).toEqual([]);
    expect(await files.readAll(freshCall)).toEqual({ 'c.txt': 'c' });
    expect(await files.deleteCall(freshCall)).toBe(1);
    expect(await files.list(freshCall)).toEqual([]);
  });

  it('creates its indexes on call_id and created_at', async () => {
    await new CallFiles(db).ensureIndexes();
    const keys = (await db.collection('call_files').indexes()).map((i) => i.key);
    expect(keys).toEqual(expect.arrayContaining([{ call_id: 1 }, { created_at: 1 }]));
  });
});

// The first Python run of a process starts Pyodide from scratch (up to 40 s more on a busy
// machine, docs/model-interface.md) before its own 10 s: 30 s was too little with the
// other lane of npm test beside it.
describe('executeTool', { timeout: 90_000 }, () => {
  const tools = () => createSandboxTools({ callFiles: new CallFiles(db), allowHosts: ['127.0.0.1:*'] });

  it('offers the five tool definitions', () => {
    expect(tools().definitions.map((d) => d.function.name)).toEqual(['write_file', 'read_file', 'list_files', 'run', 'read_url']);
  });

  it('round-trips write_file, read_file and list_files', async () => {
    const { executeTool } = tools();
    const callId = newCallId();
    expect(await executeTool({ callId, name: 'list_files', argumentsJson: '{}' })).toEqual({
      name: 'list_files',
      ok: true,
      output: '(the folder is empty)',
      summary: 'list_files: 0 files',
    });
    expect(await executeTool({ callId, name: 'write_file', argumentsJson: JSON.stringify({ path: 'src/a.js', content: 'console.log(1)' }) })).toEqual({
      name: 'write_file',
      ok: true,
      output: 'created src/a.js (14 bytes)',
      summary: 'write_file src/a.js (14 bytes)',
    });
    expect(await executeTool({ callId, name: 'read_file', argumentsJson: '{"path":"src/a.js"}' })).toEqual({
      name: 'read_file',
      ok: true,
      output: 'console.log(1)',
      summary: 'read_file src/a.js (14 bytes)',
    });
    expect(await executeTool({ callId, name: 'list_files', argumentsJson: '' })).toMatchObject({
      ok: true,
      output: 'src/a.js\t14 bytes',
      summary: 'list_files: 1 file',
    });
  });

  it('turns model mistakes into ok:false results without throwing', async () => {
    const { executeTool } = tools();
    const callId = newCallId();
    expect(await executeTool({ callId, name: 'read_file', argumentsJson: '{"path":"../../etc/passwd"}' })).toEqual({
      name: 'read_file',
      ok: false,
      output: 'error (bad_arguments): read_file: bad path: path must not contain ".."',
      summary: 'read_file: bad_arguments',
    });
    expect(await executeTool({ callId, name: 'read_file', argumentsJson: '{"path":"absent.txt"}' })).toMatchObject({
      ok: false,
      output: 'error (not_found): no file absent.txt in the folder',
    });
    expect(await executeTool({ callId, name: 'write_file', argumentsJson: '{"path":"a.txt"' })).toMatchObject({
      ok: false,
      output: 'error (bad_arguments): write_file: arguments are not valid JSON',
    });
    expect(await executeTool({ callId, name: 'exec', argumentsJson: '{}' })).toMatchObject({
      name: 'exec',
      ok: false,
      summary: 'exec: bad_arguments',
    });
  });

  it('runs code that reads the folder and stores what it writes', async () => {
    const callFiles = new CallFiles(db);
    const { executeTool } = createSandboxTools({ callFiles });
    const callId = newCallId();
    await callFiles.write(callId, 'data.json', '[3, 4, 5]');
    const code =
      'const n = JSON.parse(files.read("data.json"));\nconsole.log("sum", n.reduce((a, b) => a + b));\nfiles.write("out/result.txt", String(n.length));\nn.length';
    const result = await executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code }) });
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(
      /^language: javascript \(detected from the code\)\nstatus: ok \(\d+ ms\)\noutput:\nsum 12\nresult: 3\nfiles written: out\/result\.txt \(1 bytes\)$/,
    );
    expect(result.summary).toMatch(/^run javascript: ok in \d+ ms, 1 file written$/);
    expect(await callFiles.read(callId, 'out/result.txt')).toBe('3');
  });

  it('runs Python that reads the folder as files in its working directory and stores what it writes', async () => {
    const callFiles = new CallFiles(db);
    const { executeTool } = createSandboxTools({ callFiles });
    const callId = newCallId();
    await callFiles.write(callId, 'data.json', '[3, 4, 5]');
    const code = [
      'import json, os',
      'n = json.load(open("data.json"))',
      'print("sum", sum(n))',
      'os.makedirs("out", exist_ok=True)',
      'open("out/result.txt", "w").write(str(len(n)))',
      'len(n)',
    ].join('\n');
    const result = await executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code, language: 'python' }) });
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(/^language: python\nstatus: ok \(\d+ ms\)\noutput:\nsum 12\nresult: 3\nfiles written: out\/result\.txt \(1 bytes\)$/);
    expect(result.summary).toMatch(/^run python: ok in \d+ ms, 1 file written$/);
    expect(await callFiles.read(callId, 'out/result.txt')).toBe('3');
    // Unchanged input files are not written back.
    expect((await callFiles.list(callId)).map((f) => f.path)).toEqual(['data.json', 'out/result.txt']);
  });

  it("runs a program whose quoted string holds a line break (the model's \\n read by JSON) as its author meant, and says so", async () => {
    const { executeTool } = createSandboxTools({ callFiles: new CallFiles(db) });
    // What csv-average's actor sent: `\n` inside its JSON became a line break inside a Python string.
    const python = "open('scores.csv', 'w').write('alice,90\nbob,72')\nprint(open('scores.csv').read().split('\n'))";
    const result = await executeTool({ callId: newCallId(), name: 'run', argumentsJson: JSON.stringify({ code: python, language: 'python' }) });
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(
      /^language: python\nnote: a line break inside a quoted string is a syntax error; the program ran with \\n written there instead\nstatus: ok/,
    );
    expect(result.output).toContain("output:\n['alice,90', 'bob,72']");
    const js = await executeTool({
      callId: newCallId(),
      name: 'run',
      argumentsJson: JSON.stringify({ code: 'console.log("a\nb".split("\n").length)', language: 'javascript' }),
    });
    expect(js.ok).toBe(true);
    expect(js.output).toContain('output:\n2');
    // A syntax error of another kind is reported as it is.
    const broken = await executeTool({ callId: newCallId(), name: 'run', argumentsJson: JSON.stringify({ code: 'print((1)', language: 'python' }) });
    expect(broken.ok).toBe(false);
    expect(broken.output).not.toContain('note:');
  });

  it('runs a Python loop written on one line after ";" (a syntax error) with each statement on its own line, and says so', async () => {
    const { executeTool } = createSandboxTools({ callFiles: new CallFiles(db) });
    // The README's task from npm run up: the actor's program, sent again and again as it was.
    const code = 's = 0; for p in range(2, 1000): if all(p % d for d in range(2, int(p**0.5) + 1)): s += p\nprint(s)';
    const result = await executeTool({ callId: newCallId(), name: 'run', argumentsJson: JSON.stringify({ code, language: 'python' }) });
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(/^language: python\nnote: Python allows no for\/if\/while after ";"[^\n]*\nstatus: ok/);
    expect(result.output).toContain('output:\n76127');
  });

  it('runs the program a shell command names when the call has its file or carries it after -c, and refuses the command otherwise: there is no shell', async () => {
    const callFiles = new CallFiles(db);
    const { executeTool } = createSandboxTools({ callFiles });
    const callId = newCallId();
    await callFiles.write(callId, 'primes.py', 'print(sum(p for p in range(2, 1000) if all(p % d for d in range(2, p))))');
    const ran = await executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code: 'python primes.py' }) });
    expect(ran.ok).toBe(true);
    expect(ran.output).toMatch(/^language: python\nnote: there is no shell: ran the program in primes\.py\nstatus: ok[\s\S]*output:\n76127/);
    const inline = await executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code: 'python3 -c "print(sum(range(5)), \\"ok\\")"' }) });
    expect(inline.ok).toBe(true);
    expect(inline.output).toMatch(/^language: python\nnote: there is no shell: ran the program the command carried\nstatus: ok[\s\S]*output:\n10 ok/);
    const missing = await executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code: 'python primes_below_1000.py' }) });
    expect(missing.ok).toBe(false);
    expect(missing.output).toBe(
      'error: "python primes_below_1000.py" is a shell command, and there is no shell; no file primes_below_1000.py is in this call\'s folder either. Put the program\'s source itself in "code", for example {"name": "run", "arguments": {"code": "print(2 + 3)", "language": "python"}}.',
    );
  });

  it('says when a program that ran printed nothing, returned nothing and wrote no file', async () => {
    const { executeTool } = createSandboxTools({ callFiles: new CallFiles(db) });
    const silent = 'function sumPrimes() {\n  return 2 + 3;\n}';
    const result = await executeTool({ callId: newCallId(), name: 'run', argumentsJson: JSON.stringify({ code: silent, language: 'javascript' }) });
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(
      /^language: javascript\nstatus: ok \(\d+ ms\)\nnote: the program printed nothing: print the result \(print\(\) in Python, console\.log\(\) in JavaScript\)\noutput: \(none\)$/,
    );
    const printing = await executeTool({ callId: newCallId(), name: 'run', argumentsJson: JSON.stringify({ code: 'print(5)', language: 'python' }) });
    expect(printing.output).not.toContain('note:');
  });

  it('says where a Python program fails on a missing module that only the standard library is there', async () => {
    const { executeTool } = createSandboxTools({ callFiles: new CallFiles(db) });
    const code = 'from sympy import primerange\nprint(sum(primerange(2, 1000)))';
    const result = await executeTool({ callId: newCallId(), name: 'run', argumentsJson: JSON.stringify({ code, language: 'python' }) });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/error: [\s\S]*ModuleNotFoundError: No module named 'sympy'\nnote: Only Python's standard library is there/);
  });

  it('names a file a program could not open, what the folder holds, and how the program writes it first; the written file then reads', async () => {
    const callFiles = new CallFiles(db);
    const { executeTool } = createSandboxTools({ callFiles });
    const callId = newCallId();
    // squares-file: "Write a file numbers.txt …, then run code that reads numbers.txt".
    const reads = 'print(sum(int(l) ** 2 for l in open("numbers.txt")))';
    const failed = await executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code: reads, language: 'python' }) });
    expect(failed.ok).toBe(false);
    expect(failed.output).toMatch(
      /FileNotFoundError: [^\n]*'numbers\.txt'\nnote: no file numbers\.txt is in this call's folder \(it is empty\)[^\n]*with open\("numbers\.txt", "w"\) as f: f\.write\(…\)/,
    );
    const js = await executeTool({
      callId,
      name: 'run',
      argumentsJson: JSON.stringify({ code: 'console.log(files.read("numbers.txt"))', language: 'javascript' }),
    });
    expect(js.output).toMatch(/note: no file numbers\.txt is in this call's folder \(it is empty\)[^\n]*files\.write\("numbers\.txt", …\)/);
    const writesFirst = `with open("numbers.txt", "w") as f: f.write("\\n".join(str(i) for i in range(1, 21)))\n${reads}`;
    const ran = await executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code: writesFirst, language: 'python' }) });
    expect(ran.ok).toBe(true);
    expect(ran.output).toContain('output:\n2870');
    const other = await executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code: 'open("scores.csv").read()', language: 'python' }) });
    expect(other.output).toContain("note: no file scores.csv is in this call's folder (it holds numbers.txt)");
  });

  it('runs a Python program again with the standard-library import it forgot, and says so; a name it cannot place fails as before', async () => {
    const { executeTool } = createSandboxTools({ callFiles: new CallFiles(db) });
    // zeros and date-add, 2026-12-01: `math` and `timedelta` used, never imported.
    const code = "from datetime import date\nprint(str(math.factorial(10)).count('0'), date(2025, 2, 10) + timedelta(days=100))";
    const fixed = await executeTool({ callId: newCallId(), name: 'run', argumentsJson: JSON.stringify({ code, language: 'python' }) });
    expect(fixed.ok).toBe(true);
    expect(fixed.output).toMatch(
      /^language: python\nnote: the program used what it never imported or made; it ran with "import math" and "from datetime import timedelta" added at its top\nstatus: ok[\s\S]*output:\n2 2025-05-21$/,
    );
    // squares-file: a file written into a folder that did not exist; it is kept under its path.
    const callFiles = new CallFiles(db);
    const tools = createSandboxTools({ callFiles });
    const callId = newCallId();
    const writes = "with open('data/numbers.txt', 'w') as f:\n    f.write('3\\n4')\nprint(sum(int(l) ** 2 for l in open('data/numbers.txt')))";
    const made = await tools.executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code: writes, language: 'python' }) });
    expect(made.output).toMatch(/note: [^\n]*"import os; os\.makedirs\(\"data\", exist_ok=True\)" added at its top\nstatus: ok[\s\S]*output:\n25\n/);
    expect(await callFiles.read(callId, 'data/numbers.txt')).toBe('3\n4');
    const unknown = await executeTool({ callId: newCallId(), name: 'run', argumentsJson: JSON.stringify({ code: 'print(total)', language: 'python' }) });
    expect(unknown.ok).toBe(false);
    expect(unknown.output).not.toContain('note:');
    expect(unknown.output).toContain("NameError: name 'total' is not defined");
  });

  it('names the Python files it could not keep, with the reason', async () => {
    const callFiles = new CallFiles(db, { maxFiles: 64, maxFileBytes: 1000, maxCallBytes: 8000 });
    const { executeTool } = createSandboxTools({ callFiles });
    const callId = newCallId();
    const code = 'open("big.txt", "w").write("x" * 1001)\nopen("bin.dat", "wb").write(bytes([255, 0]))\nopen("ok.txt", "w").write("fine")';
    const result = await executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code }) });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(
      /^language: python \(detected from the code\)\nstatus: ok \(\d+ ms\)\noutput: \(none\)\nresult: 4\nfiles written: ok\.txt \(4 bytes\)\nfiles NOT saved:\nbig\.txt: 1001 bytes; a file may hold at most 1000 bytes\nbin\.dat: not UTF-8 text; the folder keeps text files only$/,
    );
    expect((await callFiles.list(callId)).map((f) => f.path)).toEqual(['ok.txt']);
  });

  it('refuses an unknown language with a message the model can act on', async () => {
    const result = await tools().executeTool({ callId: newCallId(), name: 'run', argumentsJson: '{"code":"puts 1","language":"ruby"}' });
    expect(result).toEqual({
      name: 'run',
      ok: false,
      output: 'error (bad_arguments): run: unknown "language" "ruby"; use "python" or "javascript" (or leave it out)',
      summary: 'run: bad_arguments',
    });
  });

  it('reports an infinite loop as a timeout tool error and the next run works', async () => {
    const { executeTool } = createSandboxTools({ callFiles: new CallFiles(db), runLimits: { timeoutMs: 1000 } });
    const callId = newCallId();
    const looped = await executeTool({ callId, name: 'run', argumentsJson: '{"code":"for(;;){}"}' });
    expect(looped.ok).toBe(false);
    expect(looped.output).toMatch(
      /^language: javascript \(detected from the code\)\nstatus: error \(timeout\) after \d+ ms\nerror: the code ran longer than 1000 ms and was stopped\noutput: \(none\)$/,
    );
    expect(looped.summary).toMatch(/^run javascript: timeout after \d+ ms$/);
    const next = await executeTool({ callId, name: 'run', argumentsJson: '{"code":"6 * 7"}' });
    expect(next.ok).toBe(true);
    expect(next.output).toContain('result: 42');
  });

  it('reports a memory bomb as a memory tool error', async () => {
    const { executeTool } = tools();
    const code = 'const a = []; while (true) a.push(new Array(1e6).fill(0.5));';
    const bomb = await executeTool({ callId: newCallId(), name: 'run', argumentsJson: JSON.stringify({ code }) });
    expect(bomb.ok).toBe(false);
    expect(bomb.output).toContain('error: the code used more memory than the sandbox allows and was stopped');
  });

  it('stores what a run wrote under the caps of the store, naming files it could not keep', async () => {
    // The real store, with one write by someone else landing right after the run took its
    // snapshot of the folder: the order is fixed by the code, not by a sleep.
    class RacedCallFiles extends CallFiles {
      raced = false;
      override async readAll(callId: string): Promise<Record<string, string>> {
        const snapshot = await super.readAll(callId);
        if (!this.raced) {
          this.raced = true;
          await this.write(callId, 'c.txt', 'z'.repeat(200));
        }
        return snapshot;
      }
    }
    const callFiles = new RacedCallFiles(db, { maxFiles: 64, maxFileBytes: 1000, maxCallBytes: 1500 });
    const { executeTool } = createSandboxTools({ callFiles });
    const callId = newCallId();
    await callFiles.write(callId, 'a.txt', 'x'.repeat(900));
    // The run sees 900 bytes and may add 500; meanwhile the other write took 200 of them.
    const code = 'files.write("b.txt", "y".repeat(500)); "wrote"';
    const running = executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code }) });
    const result = await running;
    expect(callFiles.raced).toBe(true);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(
      /^language: javascript \(detected from the code\)\nstatus: ok \(\d+ ms\)\noutput: \(none\)\nresult: "wrote"\nfiles NOT saved:\nb\.txt: writing b\.txt would bring the folder to 1600 bytes; the folder may hold at most 1500 bytes$/,
    );
    expect((await callFiles.list(callId)).map((f) => f.path)).toEqual(['a.txt', 'c.txt']);
  });

  it('reads a loopback page allowed by allowHosts as title and text, and keeps the text as a file a program can open', async () => {
    const callId = newCallId();
    const sandbox = tools();
    const result = await sandbox.executeTool({ callId, name: 'read_url', argumentsJson: JSON.stringify({ url: `${base}/page` }) });
    expect(result).toEqual({
      name: 'read_url',
      ok: true,
      output: `URL: ${base}/page\nSaved as: page.txt (a run program can open("page.txt"))\nTitle: Loopback page\n\nHeading\n\nHello from the test server — café.`,
      summary: `read_url 127.0.0.1:${port}/page (43 chars)`,
    });
    expect(await new CallFiles(db).read(callId, 'page.txt')).toBe('Heading\n\nHello from the test server — café.');
    // A second page does not replace the first.
    const again = await sandbox.executeTool({ callId, name: 'read_url', argumentsJson: JSON.stringify({ url: `${base}/page` }) });
    expect(again.output.split('\n')[1]).toBe('Saved as: page-2.txt (a run program can open("page-2.txt"))');
    const code = 'print(open("page.txt").read().count("e"), len(open("page-2.txt").read()))';
    const ran = await sandbox.executeTool({ callId, name: 'run', argumentsJson: JSON.stringify({ code, language: 'python' }) });
    expect(ran.output).toMatch(/\noutput:\n6 43$/);
  });

  it('reads a page but says why it was not kept when the folder is full', async () => {
    const callId = newCallId();
    const callFiles = new CallFiles(db, { maxFiles: 1 });
    await callFiles.write(callId, 'notes.txt', 'mine');
    const result = await createSandboxTools({ callFiles, allowHosts: ['127.0.0.1:*'] }).executeTool({
      callId,
      name: 'read_url',
      argumentsJson: JSON.stringify({ url: `${base}/page` }),
    });
    expect(result.ok).toBe(true);
    expect(result.output.split('\n')[1]).toBe('Not saved as a file: the folder already holds 1 files, the most allowed; overwrite one instead');
    expect((await callFiles.list(callId)).map((f) => f.path)).toEqual(['notes.txt']);
  });

  it('refuses read_url to 127.0.0.1 when it is not allowed', async () => {
    const { executeTool } = createSandboxTools({ callFiles: new CallFiles(db) });
    const result = await executeTool({ callId: newCallId(), name: 'read_url', argumentsJson: JSON.stringify({ url: `${base}/page` }) });
    expect(result).toEqual({
      name: 'read_url',
      ok: false,
      output: 'error (forbidden_address): refused: 127.0.0.1 is not a public address (loopback)',
      summary: 'read_url: forbidden_address',
    });
  });
});

describe('readUrl', { timeout: 30_000 }, () => {
  const allowHosts = ['127.0.0.1:*'];

  it('follows a redirect within the allowed host', async () => {
    const page = await readUrl({ url: `${base}/redirect-same`, allowHosts });
    expect(page).toMatchObject({ finalUrl: `${base}/page`, title: 'Loopback page', truncated: false });
  });

  it('refuses a redirect from an allowed host to a private address', async () => {
    await expect(readUrl({ url: `${base}/redirect-private`, allowHosts })).rejects.toMatchObject({
      name: 'SandboxError',
      code: 'forbidden_address',
    });
  });

  it('refuses a redirect from an allowed host to a loopback name that is not allowed', async () => {
    await expect(readUrl({ url: `${base}/redirect-localhost`, allowHosts })).rejects.toMatchObject({
      code: 'forbidden_address',
      message: 'refused: localhost resolves to a non-public address (loopback)',
    });
  });

  it('refuses loopback, private and metadata addresses without allowHosts', async () => {
    for (const url of [`${base}/page`, 'http://[::1]/', 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://localhost/']) {
      await expect(readUrl({ url }), url).rejects.toMatchObject({ code: 'forbidden_address' });
    }
  });

  it('refuses a non-text content type', async () => {
    await expect(readUrl({ url: `${base}/image`, allowHosts })).rejects.toMatchObject({
      code: 'bad_content_type',
      message:
        'content type image/png is not accepted; read_url reads only text/html, text/plain, text/markdown, application/json, application/xhtml+xml, text/xml',
    });
  });

  it('reports an HTTP error status as fetch_failed', async () => {
    await expect(readUrl({ url: `${base}/missing`, allowHosts })).rejects.toMatchObject({
      code: 'fetch_failed',
      message: 'http_status: the server answered HTTP 404',
    });
  });

  it('returns plain text and pretty JSON as they are', async () => {
    expect(await readUrl({ url: `${base}/plain`, allowHosts })).toEqual({
      url: `${base}/plain`,
      finalUrl: `${base}/plain`,
      contentType: 'text/plain',
      title: '',
      text: 'line one\nline two\n',
      truncated: false,
    });
    expect((await readUrl({ url: `${base}/json`, allowHosts })).text).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
  });

  it('decodes the charset a page declares in a meta tag', async () => {
    expect((await readUrl({ url: `${base}/latin1`, allowHosts })).text).toBe('café');
  });

  it('cuts a page at maxBytes and the text at maxChars, marking it truncated', async () => {
    const byBytes = await readUrl({ url: `${base}/big`, allowHosts, maxBytes: 100_000, maxChars: 1_000_000 });
    expect(byBytes).toMatchObject({ truncated: true });
    expect(byBytes.text).toBe('x'.repeat(100_000));
    const byChars = await readUrl({ url: `${base}/big`, allowHosts, maxChars: 20_000 });
    expect(byChars.text.length).toBe(20_000);
    expect(byChars.truncated).toBe(true);
  });

  it('keeps links, resolved against the page, so the agent can follow them', async () => {
    const page = await readUrl({ url: `${base}/links`, allowHosts });
    expect(page.text).toBe(`See [the page](${base}/page) and [more](https://example.org/x?a=1&b=2).`);
  });

  it.each(Object.keys(HOSTILE_PAGES))('converts the 2 MiB hostile page %s within its limits', async (kind) => {
    const page = await readUrl({ url: `${base}/hostile/${kind}`, allowHosts, maxChars: 20_000 });
    expect(page.text.startsWith('marker')).toBe(true);
    expect(page.text.length).toBeLessThanOrEqual(20_000);
    expect(page.finalUrl).toBe(`${base}/hostile/${kind}`);
  });
});

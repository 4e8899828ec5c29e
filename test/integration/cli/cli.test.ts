import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportScan } from '../../../core/exports';
import { fixture, type Fixture } from '../helpers/fixtures';
import { ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { MediaStore } from '../../../store/media';
import { insertCompleteScan } from '../web/helpers';
import { runHoldline, type CliRun } from '../../unit/cli/run-holdline';

// The `holdline` command spawned as a user runs it (node cli/holdline.mjs,
// stdout and stderr pipes, so no terminal) against the real stack.

let service: Service;
let account: { accountId: string; apiKey: string };
let api: ScanClient;
let sample: Fixture;
let corrupt: Fixture;
let scratch: string;
let sampleScan: any;

type Run = CliRun;

function holdline(args: string[], env: Record<string, string | undefined> = {}, stdin?: string): Promise<Run> {
  return runHoldline(
    args,
    { HOME: scratch, HOLDLINE_CONFIG: join(scratch, 'none.json'), HOLDLINE_BASE_URL: service.apiUrl, HOLDLINE_API_KEY: account.apiKey, ...env },
    stdin,
  );
}

/** A complete scan of the sample: the one the first test made with the CLI, or one made through the API when run alone. */
async function sampleRead(): Promise<any> {
  if (!sampleScan) {
    const submitted = await api.upload(sample.path);
    sampleScan = (await api.waitForScan(submitted.body.scan_id)).scan;
  }
  return sampleScan;
}

const noAnsi = (text: string) => expect(text).not.toMatch(/\u001b\[/);

beforeAll(async () => {
  [sample, corrupt] = await Promise.all([fixture('sample'), fixture('corrupt')]);
  service = await startService({ env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*' } });
  account = await service.createAccount();
  api = new ScanClient(service.apiUrl, account.apiKey);
  scratch = await mkdtemp(join(tmpdir(), 'holdline-cli-'));
});

afterAll(async () => {
  await service?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('holdline scan', () => {
  it('uploads a file, waits, and prints grade, score, label, hook, summary and the marked sparkline, with no colour or bars off a terminal', async () => {
    const run = await holdline(['scan', sample.path, '--title', 'Sample via CLI']);
    expect(run.stderr).toMatch(/sample\.mp4: uploaded [\d.]+\/[\d.]+ MB/);
    expect(run.stderr).toMatch(/sample\.mp4: scn_[0-9a-f]{24} queued/);
    expect(run.code).toBe(0);
    const scanId = /(scn_[0-9a-f]{24})/.exec(run.stdout)![1]!;
    sampleScan = (await api.request('GET', `/v1/scans/${scanId}`)).body;
    expect(sampleScan.status).toBe('complete');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${sampleScan.grade}  ${sampleScan.score}/100  ${sampleScan.label}  ${scanId}  "Sample via CLI"`);
    expect(lines[1]).toMatch(new RegExp(`^hook ${sampleScan.hook}  ·  20 s  ·  ${sampleScan.cuts.length} cuts? `));
    expect(lines[2]).toBe(sampleScan.summary);
    // Under the summary, what to change: the hook's advice, each dip with its advice, the moments (issue 32 item 8).
    const hold = lines.findIndex((line) => line.startsWith('hold '));
    expect(lines.slice(3, hold)).toEqual([
      ...(sampleScan.hook_report?.advice ? [`hook: ${sampleScan.hook_report.advice}`] : []),
      ...(sampleScan.dips ?? []).map((dip: { advice: string }) => expect.stringContaining(dip.advice)),
      ...sampleScan.moments.map((moment: { hold: number }) => expect.stringContaining(`(hold ${moment.hold})`)),
    ]);
    // 20 seconds: one sparkline column per second, a cut mark (a count where cuts share a second) under each cut second.
    expect(lines[hold]).toMatch(/^hold [▁▂▃▄▅▆▇█]{20}$/);
    for (const cut of sampleScan.cuts) expect(lines[hold + 1]![5 + Math.floor(cut)]).toMatch(/[\^2-9+]/);
    noAnsi(run.stdout + run.stderr);
  });

  it('on a terminal it draws a progress bar per scan and colours the read', async () => {
    // `script` gives the command a pseudo-terminal, as a user's shell would.
    const command = ['node', 'cli/holdline.mjs', 'scan', sample.path, '--title', 'On a terminal'].map((arg) => `'${arg}'`).join(' ');
    const run = await new Promise<Run>((resolve) => {
      const child = spawn('script', ['-qefc', command, '/dev/null'], {
        cwd: process.cwd(),
        env: {
          PATH: process.env.PATH,
          HOME: scratch,
          TERM: 'xterm',
          HOLDLINE_CONFIG: join(scratch, 'none.json'),
          HOLDLINE_BASE_URL: service.apiUrl,
          HOLDLINE_API_KEY: account.apiKey,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr: '' }));
    });
    expect(run.code).toBe(0);
    // The bar (cli-progress shades: █ done, ░ to do) with the upload count, then the state and pct.
    expect(run.stdout).toMatch(/sample\.mp4 [█░]{20} [\d.]+\/[\d.]+ MB uploading/);
    expect(run.stdout).toMatch(/█{20} 100% scn_[0-9a-f]{24} compl/);
    expect(run.stdout).toMatch(/\u001b\[1m[A-F][+-]? {2}\d+\/100 {2}\w+\u001b\[22m/);
    expect(run.stdout).not.toMatch(/sample\.mp4: uploaded/);
  });

  it('--json prints only the scan JSON, and --export writes the export file', async () => {
    const out = join(scratch, 'exports');
    await mkdir(out);
    const run = await holdline(['--json', 'scan', sample.path, '--export', 'srt', '--out', out]);
    expect(run.code).toBe(0);
    const scan = JSON.parse(run.stdout);
    // Progress stays on stderr with --json, as plain lines off a terminal.
    expect(run.stderr).toContain(`sample.mp4: ${scan.scan_id} queued\n`);
    expect(run.stderr).not.toMatch(/\u001b\[/);
    expect(scan).toEqual((await api.request('GET', `/v1/scans/${scan.scan_id}`)).body);
    // Scanned without --title: the scan keeps the file's name and is titled by it, without the extension (issue 32).
    expect([scan.source_name, scan.title]).toEqual(['sample.mp4', 'sample']);
    expect(await readdir(out)).toEqual([`${scan.scan_id}.srt`]);
    expect(await readFile(join(out, `${scan.scan_id}.srt`), 'utf8')).toBe(exportScan(scan, 'srt').body);
  });

  it('--no-wait submits several inputs (file and URL) and prints the queued ids', async () => {
    const run = await holdline(['scan', '--no-wait', '--json', sample.path, 'http://127.0.0.1:9/none.mp4']);
    expect(run.code).toBe(0);
    const queued = JSON.parse(run.stdout);
    expect(queued).toEqual([
      { scan_id: expect.stringMatching(/^scn_[0-9a-f]{24}$/), status: 'queued', pct: 0 },
      { scan_id: expect.stringMatching(/^scn_[0-9a-f]{24}$/), status: 'queued', pct: 0 },
    ]);
    // The URL's file is the scan's source name and, without --title, its title.
    const fromUrl = (await api.request('GET', `/v1/scans/${queued[1].scan_id}`)).body;
    expect([fromUrl.source_name, fromUrl.title]).toEqual(['none.mp4', 'none']);
    await Promise.all(
      queued.map((q: any) =>
        service.temporal.workflow
          .getHandle(`scan-${q.scan_id}`)
          .terminate('test cleanup')
          .catch(() => undefined),
      ),
    );
  });

  it('sends --webhook-url with an upload and a URL: the service applies its address rule to it', async () => {
    const before = await service.mongo.db.collection('scans').countDocuments();
    for (const input of [sample.path, 'http://127.0.0.1:9/video.mp4']) {
      const run = await holdline(['scan', input, '--webhook-url', 'http://10.0.0.1/hook']);
      expect(run.code).not.toBe(0);
      expect(run.stderr + run.stdout).toContain('webhook_url refused');
    }
    expect(await service.mongo.db.collection('scans').countDocuments()).toBe(before);
    const bad = await holdline(['scan', sample.path, '--webhook-url', 'ftp://example.com/hook']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--webhook-url must be an absolute http(s) URL');
  });

  it('a scan that ends in error exits 1 with its detail', async () => {
    const run = await holdline(['scan', corrupt.path]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^scn_[0-9a-f]{24} error: .+/m);
  });

  it('a missing file is a usage error (2) before anything is sent', async () => {
    const before = await service.mongo.db.collection('scans').countDocuments();
    const run = await holdline(['scan', sample.path, join(scratch, 'missing.mp4')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`holdline: no file at ${join(scratch, 'missing.mp4')}`);
    expect(await service.mongo.db.collection('scans').countDocuments()).toBe(before);
  });

  it('an unknown option or export format is a usage error (2)', async () => {
    expect((await holdline(['scan', sample.path, '--export', 'pdf'])).code).toBe(2);
    expect((await holdline(['scan'])).code).toBe(2);
    expect((await holdline(['frobnicate'])).code).toBe(2);
  });

  it('a used-up monthly quota exits 4', async () => {
    const spent = await service.createAccount();
    while (await service.deps.usage.take(spent.accountId, 'scans', 30, new Date()));
    const run = await holdline(['scan', sample.path], { HOLDLINE_API_KEY: spent.apiKey });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/holdline: .*429: monthly scan quota/);
  });
});

describe('other commands', () => {
  it('get prints the read; --json the scan; an unknown id exits 1', async () => {
    await sampleRead();
    const got = await holdline(['get', sampleScan.scan_id]);
    expect(got.code).toBe(0);
    // Under the scan's own title: the one given, else the file's name.
    expect(sampleScan.title).toBeTruthy();
    expect(got.stdout.split('\n')[0]).toBe(`${sampleScan.grade}  ${sampleScan.score}/100  ${sampleScan.label}  ${sampleScan.scan_id}  "${sampleScan.title}"`);
    expect(JSON.parse((await holdline(['get', sampleScan.scan_id, '--json'])).stdout)).toEqual(sampleScan);
    const missing = await holdline(['get', 'scn_000000000000000000000000']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('holdline: 404: no scan scn_000000000000000000000000\n');
  });

  it('list, signals and usage print text, or exactly the API JSON with --json', async () => {
    const list = await holdline(['list', '--limit', '2']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^scn_[0-9a-f]{24}  /m);
    expect(JSON.parse((await holdline(['list', '--json', '--limit', '2'])).stdout)).toEqual((await api.request('GET', '/v1/scans?limit=2')).body);
    expect(JSON.parse((await holdline(['signals', '--json'], { HOLDLINE_API_KEY: undefined })).stdout)).toEqual((await api.request('GET', '/v1/signals')).body);
    const usage = JSON.parse((await holdline(['usage', '--json'])).stdout);
    expect(usage).toMatchObject({ plan: 'signal', scans_this_month: expect.any(Number) });
    expect((await holdline(['usage'])).stdout).toMatch(/^scans {2}\d+ used, \d+ left$/m);
  });

  it('demo without a key: 503 before one is featured exits 5', async () => {
    const run = await holdline(['demo'], { HOLDLINE_API_KEY: undefined });
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('503: the demo scan is not ready yet');
  });

  it('recut on the Signal plan is refused with 403 and exits 3', async () => {
    await sampleRead();
    const run = await holdline(['recut', sampleScan.scan_id, '--no-wait']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^holdline: 403: .*Agents plan/);
  });

  it('auth: no key exits 3, a refused key exits 3, an unreachable service exits 5', async () => {
    expect((await holdline(['list'], { HOLDLINE_API_KEY: undefined })).code).toBe(3);
    const bad = await holdline(['list'], { HOLDLINE_API_KEY: `sk_sig_${'x'.repeat(40)}` });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toBe('holdline: 401: invalid or revoked API key\n');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const down = await holdline(['list', '--base-url', `http://127.0.0.1:${port}`]);
    expect(down.code).toBe(5);
    expect(down.stderr).toContain('ECONNREFUSED');
  });

  it('login checks the key, saves it with mode 0600, and later commands use it', async () => {
    const config = join(scratch, 'conf', 'holdline.json');
    const refused = await holdline(['login'], { HOLDLINE_API_KEY: undefined, HOLDLINE_CONFIG: config }, `sk_sig_${'y'.repeat(40)}\n`);
    expect(refused.code).toBe(3);
    await expect(stat(config)).rejects.toThrow();
    const run = await holdline(['login'], { HOLDLINE_API_KEY: undefined, HOLDLINE_CONFIG: config }, `${account.apiKey}\n`);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Key saved to ${config} (mode 600)`);
    expect((await stat(config)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({ api_key: account.apiKey });
    const list = await holdline(['list', '--json'], { HOLDLINE_API_KEY: undefined, HOLDLINE_CONFIG: config });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual((await api.request('GET', '/v1/scans')).body);
  });

  it('login reads the key from stdin when it is not a terminal', async () => {
    const config = join(scratch, 'piped', 'holdline.json');
    const child = spawn(process.execPath, ['cli/holdline.mjs', 'login'], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH, HOME: scratch, HOLDLINE_CONFIG: config, HOLDLINE_BASE_URL: service.apiUrl },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(`${account.apiKey}\n`);
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({ api_key: account.apiKey });
    expect((await stat(config)).mode & 0o777).toBe(0o600);
  });

  it('mcp serves the tools on stdio, keyed from the environment', async () => {
    await sampleRead();
    const client = new Client({ name: 'cli-stdio-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['cli/holdline.mjs', 'mcp'],
        cwd: process.cwd(),
        env: {
          PATH: process.env.PATH!,
          HOME: scratch,
          HOLDLINE_CONFIG: join(scratch, 'none.json'),
          HOLDLINE_BASE_URL: service.apiUrl,
          HOLDLINE_API_KEY: account.apiKey,
        },
        stderr: 'ignore',
      }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('export_scan');
      const result = await client.callTool({ name: 'export_scan', arguments: { scan_id: sampleScan.scan_id, format: 'csv' } });
      expect(result.content).toEqual([
        expect.objectContaining({ type: 'text' }),
        {
          type: 'resource',
          resource: { uri: `holdline://scans/${sampleScan.scan_id}/export/csv`, mimeType: 'text/csv', text: exportScan(sampleScan, 'csv').body },
        },
      ]);
      const timeline = await client.callTool({ name: 'export_scan', arguments: { scan_id: sampleScan.scan_id, format: 'fcpxml' } });
      expect(timeline.content).toEqual([
        expect.objectContaining({ type: 'text' }),
        {
          type: 'resource',
          resource: {
            uri: `holdline://scans/${sampleScan.scan_id}/export/fcpxml`,
            mimeType: 'application/xml',
            text: exportScan(sampleScan, 'fcpxml', { origin: service.apiUrl }).body,
          },
        },
      ]);
    } finally {
      await client.close();
    }
  });

  it('mcp --http serves the tools over Streamable HTTP with the caller key', async () => {
    await sampleRead();
    const child = spawn(process.execPath, ['cli/holdline.mjs', 'mcp', '--http', '--port', '0'], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH, HOME: scratch, HOLDLINE_CONFIG: join(scratch, 'none.json'), HOLDLINE_BASE_URL: service.apiUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stderr.on('data', (chunk) => {
          text += chunk;
          const found = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text);
          if (found) resolve(found[1]!);
        });
        child.once('exit', () => reject(new Error(`exited: ${text}`)));
      });
      const client = new Client({ name: 'cli-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${account.apiKey}` } } }));
      const result = await client.callTool({ name: 'get_scan', arguments: { scan_id: sampleScan.scan_id } });
      expect((result.structuredContent as any).score).toBe(sampleScan.score);
      await client.close();
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('holdline export', () => {
  it('writes the served file under its own name, to a named file, or to stdout with --out -', async () => {
    const scan = await sampleRead();
    const dir = join(scratch, 'timelines');
    await mkdir(dir);
    const intoDir = await holdline(['export', scan.scan_id, '--format', 'otio', '--out', dir]);
    expect(intoDir.code).toBe(0);
    expect(intoDir.stdout).toMatch(new RegExp(`^otio of ${scan.scan_id} written to .*${scan.scan_id}\\.otio \\(\\d+ bytes\\)\n$`));
    expect(await readFile(join(dir, `${scan.scan_id}.otio`), 'utf8')).toBe(exportScan(scan, 'otio', { origin: service.apiUrl }).body);

    const named = join(dir, 'cut.fcpxml');
    const toFile = await holdline(['--json', 'export', scan.scan_id, '--format', 'fcpxml', '--out', named]);
    expect(toFile.code).toBe(0);
    const expected = exportScan(scan, 'fcpxml', { origin: service.apiUrl });
    expect(JSON.parse(toFile.stdout)).toEqual({
      scan_id: scan.scan_id,
      format: 'fcpxml',
      filename: `${scan.scan_id}.fcpxml`,
      content_type: 'application/xml; charset=utf-8',
      bytes: Buffer.byteLength(expected.body),
      path: named,
    });
    expect(await readFile(named, 'utf8')).toBe(expected.body);

    const toStdout = await holdline(['export', scan.scan_id, '--format', 'markers.csv', '--out', '-']);
    expect(toStdout.code).toBe(0);
    expect(toStdout.stdout).toBe(exportScan(scan, 'markers.csv').body);
  });

  it('refuses a missing or unknown format before sending, and reports an unknown scan', async () => {
    const missing = await holdline(['export', 'scn_000000000000000000000000']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--format <format>' not specified");
    const unknown = await holdline(['export', 'scn_000000000000000000000000', '--format', 'mp4']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('otio, fcpxml, markers.csv');
    const gone = await holdline(['export', 'scn_000000000000000000000000', '--format', 'otio']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('404: no scan scn_000000000000000000000000');
  });
});

describe('holdline account', () => {
  it('retention shows the setting; --days, --keep and --default set it and keep --include-published as it was; --json prints the API answer', async () => {
    const own = await service.createAccount();
    const as = (args: string[]) => holdline(args, { HOLDLINE_API_KEY: own.apiKey });
    const shown = await as(['account', 'retention']);
    expect(shown).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'retention       the server default\nserver default  off\nin force        videos kept for good; the reads are kept\npublished       their videos are kept\n',
    });
    const week = await as(['--json', 'account', 'retention', '--days', '7', '--include-published', 'yes']);
    expect(week.code).toBe(0);
    expect(JSON.parse(week.stdout)).toEqual({ media_retention_days: 7, include_published: true, operator_default_days: null, effective_days: 7 });
    const keep = await as(['--json', 'account', 'retention', '--keep']);
    expect(JSON.parse(keep.stdout)).toEqual({ media_retention_days: 0, include_published: true, operator_default_days: null, effective_days: null });
    const byDefault = await as(['--json', 'account', 'retention', '--default', '--include-published', 'no']);
    expect(JSON.parse(byDefault.stdout)).toEqual({ media_retention_days: null, include_published: false, operator_default_days: null, effective_days: null });
    const published = await as(['account', 'retention', '--include-published', 'yes']);
    expect(published.stdout.split('\n')[0]).toBe('retention       the server default');
    expect(published.stdout).toContain('published       their videos are removed too');

    const both = await as(['account', 'retention', '--days', '7', '--keep']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("option '--days <n>' cannot be used with option '--keep'");
    const tooLong = await as(['account', 'retention', '--days', '3651']);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain('--days must be a whole number from 0 to 3650');
    const refused = await holdline(['account', 'retention'], { HOLDLINE_API_KEY: 'sk_sig_notakey' });
    expect(refused).toMatchObject({ code: 3, stderr: 'holdline: 401: invalid or revoked API key\n' });
  });

  it('export writes the archive to holdline-export-<date>.tar in a directory or to a named file (--media adds the videos), never to a terminal', async () => {
    const own = await service.createAccount();
    const as = (args: string[]) => holdline(args, { HOLDLINE_API_KEY: own.apiKey });
    const { scanId } = await insertCompleteScan(service, own.accountId, 'for the archive');
    const video = Buffer.from('the stored bytes of a video');
    await service.deps.media.put(service.deps.media.media, MediaStore.mediaId(scanId), Readable.from([video]), { filename: 'v.mp4', contentType: 'video/mp4' });
    const dir = join(scratch, 'archives');
    await mkdir(dir);

    const intoDir = await as(['account', 'export', '-o', dir]);
    const named = join(dir, `holdline-export-${new Date().toISOString().slice(0, 10)}.tar`);
    expect(intoDir.code).toBe(0);
    expect(intoDir.stderr).toBe(`downloading the account archive to ${named}\n`);
    expect(intoDir.stdout).toBe(`archive written to ${named} (${(await stat(named)).size} bytes)\n`);
    expect(execFileSync('tar', ['-tf', named], { encoding: 'utf8' })).toBe(`${scanId}/scan.json\nmanifest.json\n`);

    const file = join(dir, 'with-videos.tar');
    const withMedia = await as(['--json', 'account', 'export', '--media', '--output', file]);
    expect(withMedia.code).toBe(0);
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual([`${scanId}/scan.json`, expect.stringMatching(new RegExp(`^${scanId}/media\\.`)), 'manifest.json']);
    expect(JSON.parse(withMedia.stdout)).toEqual({
      path: file,
      filename: expect.stringMatching(new RegExp(`^holdline-${own.accountId}-\\d{4}-\\d{2}-\\d{2}\\.tar$`)),
      bytes: (await stat(file)).size,
      media: true,
    });
    const unpacked = join(dir, 'unpacked');
    await mkdir(unpacked);
    execFileSync('tar', ['-xf', file, '-C', unpacked]);
    expect(await readFile(join(unpacked, listed[1]!))).toEqual(video);

    // A refused key leaves no file behind, not even the partial one.
    const refused = await holdline(['account', 'export', '-o', join(dir, 'refused.tar')], { HOLDLINE_API_KEY: 'sk_sig_notakey' });
    expect(refused.code).toBe(3);
    expect((await readdir(dir)).sort()).toEqual([named.split('/').pop(), 'unpacked', 'with-videos.tar'].sort());

    const piped = await as(['account', 'export', '-o', '-']);
    expect(piped.code).toBe(0);
    expect(Buffer.from(piped.stdout, 'latin1').subarray(0, scanId.length).toString()).toBe(scanId);

    // Under a pseudo-terminal (`script`), stdout is a terminal: refused before anything is asked.
    const command = ['node', 'cli/holdline.mjs', 'account', 'export', '-o', '-'].map((arg) => `'${arg}'`).join(' ');
    const tty = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn('script', ['-qfec', command, '/dev/null'], {
        env: {
          PATH: process.env.PATH,
          TERM: 'dumb',
          HOLDLINE_CONFIG: join(scratch, 'none.json'),
          HOLDLINE_BASE_URL: service.apiUrl,
          HOLDLINE_API_KEY: own.apiKey,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => resolve({ code, output }));
    });
    expect(tty.code).toBe(2);
    expect(tty.output).toContain('holdline: the archive is a binary tar file, not for a terminal: name a file with -o FILE, or pipe -o - elsewhere');
  });

  it('close takes the password from stdin (never argv): without it or with a wrong one the account stays open; with it the key stops working', async () => {
    const own = await service.createAccount();
    const as = (args: string[], stdin?: string) => holdline(args, { HOLDLINE_API_KEY: own.apiKey }, stdin);
    const ownApi = new ScanClient(service.apiUrl, own.apiKey);
    const { email } = (await service.deps.accounts.byId(own.accountId))!;
    expect((await ownApi.request('PUT', '/v1/account/password', { password: 'the account password' })).status).toBe(200);

    const keyAlone = await as(['account', 'close', email]);
    expect(keyAlone).toEqual({
      code: 1,
      stdout: '',
      stderr: 'holdline: 400: this account has a password: send it as password to close the account (the key alone cannot close it)\n',
    });
    const wrong = await as(['account', 'close', email], 'not the password\n');
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toBe("holdline: 403: password is not this account's password; the account is still open\n");
    expect((await ownApi.request('GET', '/v1/account/retention')).status).toBe(200);

    const closed = await as(['--json', 'account', 'close', email.toUpperCase()], 'the account password\n');
    expect(closed).toEqual({ code: 0, stdout: `${JSON.stringify({ status: 'closed' }, null, 2)}\n`, stderr: '' });
    expect((await ownApi.request('GET', '/v1/account/retention')).status).toBe(401);
  });
});

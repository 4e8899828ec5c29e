import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthPeriod } from '../../../core/plans';
import { SPEECH_MARGIN_SEC, cuesInWords, dropTechnicalCues, keptRanges, snapToSpeechGaps } from '../../../core/recut';
import { DIP_CAUSE_WORDS, subtractSpans } from '../../../core/dips';
import type { DipCause } from '../../../core/wire/constants';
import { wordErrorRate } from '../../../core/word-error-rate';
import { startScriptedUpstream, type ScriptedUpstream } from '../../scripted-upstream/server';
import { fixture, type Fixture } from '../helpers/fixtures';
import { ScanClient, SCAN_WAIT_MS } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { joinTimes, ONE_RECUT_TEST_MS, overlap, waitForRecut } from './helpers';

// The recut agent on the real stack (Temporal, FerretDB, ffmpeg, pocketsphinx) with the
// scripted upstream as the model: refusals, the model's cut rendered exactly and re-scanned
// better, a refused answer sent back once, and the rules when the model server is down.

const FRAME = 1 / 24;

let upstream: ScriptedUpstream;
let service: Service;
let agents: ScanClient;
let agentsAccount: string;
let signal: ScanClient;
let video: Fixture;
let parent: any;

const usedScans = async (accountId: string) =>
  ((await service.mongo.db.collection('usage').findOne({ _id: `${accountId}:${monthPeriod(new Date()).key}` as never })) as { scans?: number } | null)?.scans ??
  0;

beforeAll(async () => {
  upstream = await startScriptedUpstream({ modelId: 'base-model' });
  service = await startService({
    env: { MODEL_BASE_URL: upstream.baseUrl, MODEL_API_KEY: 'upstream-key', MODEL_BASE_NAME: 'base-model' },
  });
  const a = await service.createAccount('agents');
  agentsAccount = a.accountId;
  agents = new ScanClient(service.apiUrl, a.apiKey);
  signal = new ScanClient(service.apiUrl, (await service.createAccount('signal')).apiKey);
  video = await fixture('recut-weak-open');
  const submitted = await agents.upload(video.path, { title: 'weak opening' });
  expect(submitted.status).toBe(202);
  parent = (await agents.waitForScan(submitted.body.scan_id, 240_000)).scan;
  expect(parent.status).toBe('complete');
});

afterAll(async () => {
  await service?.stop();
  await upstream?.close();
});

describe('refusals', () => {
  it('refuses a Signal account with 403 naming the plan that has the agent, taking no quota', async () => {
    const response = await signal.request('POST', `/v1/scans/${parent.scan_id}/recut`, {});
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: expect.stringContaining('Agents plan') });
  });

  it("answers 404 for a missing scan and for another account's scan", async () => {
    const other = new ScanClient(service.apiUrl, (await service.createAccount('agents')).apiKey);
    for (const [client, id] of [
      [agents, 'scn_000000000000000000000000'],
      [other, parent.scan_id],
    ] as const) {
      const response = await client.request('POST', `/v1/scans/${id}/recut`, {});
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: expect.any(String) });
    }
    expect((await other.request('GET', `/v1/scans/${parent.scan_id}/recuts`)).status).toBe(404);
    expect((await other.request('GET', '/v1/recuts/rct_000000000000000000000000')).status).toBe(404);
  });

  it('answers 409 for a scan that is not complete, and gives the quota unit back', async () => {
    const before = await usedScans(agentsAccount);
    const doc = await service.deps.scans.insertQueued({
      scan_id: 'scn_aaaaaaaaaaaaaaaaaaaaaaaa',
      account_id: agentsAccount,
      title: null,
      source: { type: 'upload', filename: null },
      priority: true,
      created_at: new Date(),
    });
    const response = await agents.request('POST', `/v1/scans/${doc.scan_id}/recut`, {});
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain('queued');
    expect(await usedScans(agentsAccount)).toBe(before);
    await service.deps.scans.remove(doc.scan_id);
  });

  it("answers 429 when the month's scans are used up, and leaves the count at the limit", async () => {
    const { accountId, apiKey } = await service.createAccount('agents');
    const client = new ScanClient(service.apiUrl, apiKey);
    // The account's own complete scan: a copy of the parent's document.
    const { _id, ...rest } = (await service.mongo.db.collection('scans').findOne({ _id: parent.scan_id as never }))!;
    void _id;
    await service.mongo.db
      .collection('scans')
      .insertOne({ ...rest, _id: 'scn_bbbbbbbbbbbbbbbbbbbbbbbb' as never, scan_id: 'scn_bbbbbbbbbbbbbbbbbbbbbbbb', account_id: accountId });
    for (let i = 0; i < 50; i++) expect(await service.deps.usage.take(accountId, 'scans', 50)).toBe(true);
    const response = await client.request('POST', '/v1/scans/scn_bbbbbbbbbbbbbbbbbbbbbbbb/recut', {});
    expect(response.status).toBe(429);
    expect(response.body.detail).toContain('quota');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await usedScans(accountId)).toBe(50);
    expect(await service.mongo.db.collection('recuts').countDocuments({ account_id: accountId })).toBe(0);
  });

  it.each([
    [{ max_seconds: 0 }, 'max_seconds'],
    [{ goal: { text: 'shorter' } }, 'goal'],
    [{ max_seconds: 'soon' }, 'max_seconds'],
    [{ goal: 'x'.repeat(501) }, 'goal'],
    ['{not json', 'JSON'],
  ])('answers 400 for the body %j', async (body, word) => {
    const before = await usedScans(agentsAccount);
    const response = await agents.request('POST', `/v1/scans/${parent.scan_id}/recut`, body);
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(word);
    expect(await usedScans(agentsAccount)).toBe(before);
  });
});

describe('the model proposes', () => {
  it(
    'renders exactly the proposed segments, re-scans them as a linked child scan and compares: dead seconds fall, hook rises',
    async () => {
      // The first segment starts a third of the way into the opening sentence (about three of its ten words in), as a
      // model's whole-second guess can: rendered as proposed, the recut would open mid-sentence.
      const opening = video.truth.speech[0]!;
      const segments = [
        { start: Math.round((opening.start + (opening.end - opening.start) / 3) * 100) / 100, end: 10 },
        { start: 15, end: 21 },
        { start: 25, end: 30 },
      ];
      upstream.script([{ content: JSON.stringify({ segments, rationale: 'Open on the fractal zoom and drop the still slates.' }) }]);
      // What is kept: the model's bounds moved into the pauses between the parent's words, then the parent's
      // technical cues (the slates and the bars) left out at their own edges (issue 32).
      const { segments: kept, dropped } = dropTechnicalCues(
        snapToSpeechGaps(segments, parent.transcript, parent.duration_sec),
        parent.technical_cues ?? [],
        parent.transcript,
      );
      const moved = JSON.stringify(kept) !== JSON.stringify(segments);
      const why = dropped.length > 0 ? `Left out ${cuesInWords(dropped)}; kept` : 'Cut points moved into the pauses between words';
      const keptSec = kept.reduce((s, k) => s + k.end - k.start, 0);
      const requestsBefore = upstream.requests.length;
      const usedBefore = await usedScans(agentsAccount);
      const submitted = await agents.request('POST', `/v1/scans/${parent.scan_id}/recut`, { goal: 'open strong', max_seconds: 20 });
      expect(submitted.status).toBe(202);
      expect(submitted.body).toEqual({ recut_id: expect.stringMatching(/^rct_[0-9a-f]{24}$/), status: 'queued', parent_scan_id: parent.scan_id });
      // The re-scan is one scan of the quota, taken at submit.
      expect(await usedScans(agentsAccount)).toBe(usedBefore + 1);
      const { recut, seen } = await waitForRecut(agents, submitted.body.recut_id);
      expect(recut).toMatchObject({
        recut_id: submitted.body.recut_id,
        status: 'complete',
        parent_scan_id: parent.scan_id,
        scan_id: expect.stringMatching(/^scn_/),
        segments: kept,
        rationale: `Open on the fractal zoom and drop the still slates.${moved ? ` ${why}: ${keptRanges(kept)}.` : ''}`,
        proposed_by: 'model',
        base_model: 'base-model',
      });
      for (const view of seen) expect(Object.keys(view).sort()).toEqual(['pct', 'recut_id', 'stage', 'status']);
      // The model was asked once, with the parent's read as context.
      expect(upstream.requests.length - requestsBefore).toBe(1);
      const prompt = JSON.stringify(upstream.requests.at(-1)!.body.messages);
      expect(prompt).toContain('Goal: open strong.');
      expect(prompt).toContain('Maximum length: 20 s.');
      for (const d of parent.dead) expect(prompt).toContain(`${d.start}–${d.end} s`);
      // The read's dips with their causes, and the hook report, in compact form.
      expect(parent.dips.length).toBeGreaterThan(0);
      for (const d of parent.dips) expect(prompt).toContain(`${d.start}–${d.end} s (${d.causes.map((c: DipCause) => DIP_CAUSE_WORDS[c]).join(', ')})`);
      expect(prompt).toContain(`Hook report: ${parent.hook_report.value} of 100, above ${parent.hook_report.file_percentile} % of this file's seconds`);
      expect(prompt).toContain(`strongest 3 s: ${parent.hook_report.best_opening.start}–${parent.hook_report.best_opening.end} s`);

      const child = (await agents.waitForScan(recut.scan_id)).scan;
      expect(child.status).toBe('complete');
      // Every spoken word is kept (issue 32): the re-scan misses none of the words the parent said (expectSameWords).
      expect(moved).toBe(true);
      expectSameWords(parent, child);
      // Exactly the kept seconds, within one frame; the joins are where the re-scan finds its cuts.
      expect(Math.abs(child.duration_sec - keptSec)).toBeLessThanOrEqual(FRAME);
      const joins = joinTimes(kept);
      for (const j of joins)
        expect(
          child.cuts.some((c: number) => Math.abs(c - j) <= 0.25),
          `a cut near the join at ${j} s in ${child.cuts}`,
        ).toBe(true);
      for (const c of child.cuts)
        expect(
          joins.some((j) => Math.abs(c - j) <= 0.25),
          `cut ${c} s is a join`,
        ).toBe(true);
      // Better on this fixture, and the comparison says so from both reads.
      // To the millisecond, as the comparison counts them: a span ending at a duration of 16.96 s sums to 6.960000000000001.
      const deadSeconds = (scan: any) => Math.round(scan.dead.reduce((s: number, d: any) => s + d.end - d.start, 0) * 1000) / 1000;
      expect(deadSeconds(child)).toBeLessThan(deadSeconds(parent));
      expect(child.hook).toBeGreaterThan(parent.hook);
      expect(recut.before).toEqual({
        score: parent.score,
        grade: parent.grade,
        hook: parent.hook,
        dead_seconds: deadSeconds(parent),
        duration_sec: parent.duration_sec,
        average_hold: expect.any(Number),
        dips: dipFiguresOf(parent),
      });
      expect(recut.after).toMatchObject({
        score: child.score,
        grade: child.grade,
        hook: child.hook,
        dead_seconds: deadSeconds(child),
        duration_sec: child.duration_sec,
        dips: dipFiguresOf(child),
      });
      // The slate this fixture opens on is still and silent: the comparison names it before, and it is gone after.
      expect(recut.before.dips.causes.still_picture).toBeGreaterThanOrEqual(1);
      expect(recut.after.dips.seconds).toBeLessThan(recut.before.dips.seconds);
      expect(recut.after.average_hold).toBeGreaterThan(recut.before.average_hold);
      console.log(`recut figures: before ${JSON.stringify(recut.before)} after ${JSON.stringify(recut.after)}`);

      // Linked both ways: the child scan names its parent and recut; the parent lists the recut.
      const childDoc = await service.mongo.db.collection('scans').findOne({ _id: recut.scan_id as never });
      expect(childDoc).toMatchObject({ parent_scan_id: parent.scan_id, recut_id: recut.recut_id, account_id: agentsAccount });
      const listed = await agents.request('GET', `/v1/scans/${parent.scan_id}/recuts`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((r: any) => r.recut_id)).toContain(recut.recut_id);
      const history = await service.temporal.workflow.getHandle(`recut-${recut.recut_id}`).fetchHistory();
      expect((history.events ?? []).some((e) => e.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId === `scan-${recut.scan_id}`)).toBe(true);
    },
    ONE_RECUT_TEST_MS + SCAN_WAIT_MS,
  );

  it(
    'sends a refused answer back once with the reasons, then falls to the rules, saying so',
    async () => {
      upstream.script([
        {
          content: JSON.stringify({
            segments: [
              { start: 0, end: 20 },
              { start: 10, end: 10.5 },
            ],
            rationale: 'overlapping',
          }),
        },
        { content: 'I would keep the middle part.' },
      ]);
      const requestsBefore = upstream.requests.length;
      const submitted = await agents.request('POST', `/v1/scans/${parent.scan_id}/recut`, {});
      expect(submitted.status).toBe(202);
      const { recut } = await waitForRecut(agents, submitted.body.recut_id);
      expect(upstream.requests.length - requestsBefore).toBe(2);
      const retry = JSON.stringify(upstream.requests.at(-1)!.body.messages.at(-1));
      expect(retry).toContain('overlaps segment 1');
      expect(retry).toContain('shorter than 1 s');
      expect(recut).toMatchObject({ status: 'complete', proposed_by: 'rules', base_model: null });
      expect(recut.rationale).toContain("the model's answers were refused twice");
      expectRulesCut(recut);
    },
    ONE_RECUT_TEST_MS,
  );
});

/**
 * The recut's re-scan says every word its parent said: its transcript aligned word by word with the parent's
 * (core/word-error-rate.ts) misses at most 5 % of them. A clipped or dropped word is a deletion; a word heard
 * differently is a substitution, which the recogniser makes on the same sound in a new context: Whisper on this
 * fixture's synthetic voice heard "for the storm" once and "from a storm" once (measured: a whole word error rate of
 * 0.04 and 0.15 on two recuts that kept every word, no deletion in either), so only deletions and insertions count.
 */
function expectSameWords(before: any, after: any) {
  const text = (scan: any) => scan.transcript.map((s: { text: string }) => s.text).join(' ');
  const errors = wordErrorRate(text(before), text(after));
  // Who heard each side: null says the file had no sound to hear, several engines that a server failed on some chunks.
  console.log(
    `recut transcript: before "${text(before)}" (heard by ${before.transcriber}) after "${text(after)}" (heard by ${after.transcriber}) (${JSON.stringify(errors)})`,
  );
  expect(errors.referenceWords).toBeGreaterThan(20);
  expect((errors.deletions + errors.insertions) / errors.referenceWords).toBeLessThanOrEqual(0.05);
}

/** The dips summed up from a served read, as the comparison must report them. */
function dipFiguresOf(scan: any) {
  const causes: Record<string, number> = {};
  for (const d of scan.dips) for (const c of d.causes) causes[c] = (causes[c] ?? 0) + 1;
  // To the hundredth, as the comparison sums them (a dip may end at a duration such as 16.96 s).
  return { count: scan.dips.length, seconds: Math.round(scan.dips.reduce((s: number, d: any) => s + d.end - d.start, 0) * 100) / 100, causes };
}

function expectRulesCut(recut: any) {
  // Nothing dead in the parent is kept but the speech a cut point kept whole (with its margin), the weak opening is gone, the moments stay.
  const speech = parent.transcript.map((s: { start: number; end: number }) => ({
    start: s.start - SPEECH_MARGIN_SEC - 1e-6,
    end: s.end + SPEECH_MARGIN_SEC + 1e-6,
  }));
  const silentDead = parent.dead.flatMap((d: { start: number; end: number }) => subtractSpans(d, speech));
  expect(overlap(recut.segments, silentDead)).toBeLessThan(1e-6);
  expect(recut.segments[0].start).toBeGreaterThan(0);
  for (const m of parent.moments) expect(recut.segments.some((s: any) => m.second >= s.start && m.second < s.end)).toBe(true);
  expect(recut.after.dead_seconds).toBeLessThan(recut.before.dead_seconds);
  expect(recut.after.hook).toBeGreaterThan(recut.before.hook);
  // The rules cut the dips and say why, in their causes' words; fewer dip seconds remain.
  expect(recut.rationale).toMatch(/cut \d+ weak seconds? of \d+ dips?: /);
  expect(recut.rationale).toContain('still picture');
  expect(recut.before.dips).toEqual(dipFiguresOf(parent));
  expect(recut.after.dips.seconds).toBeLessThan(recut.before.dips.seconds);
}

describe('the model server is down', () => {
  it(
    'falls to the rule-based proposer, which records proposed_by "rules"',
    async () => {
      await upstream.close();
      const submitted = await agents.request('POST', `/v1/scans/${parent.scan_id}/recut`, { goal: 'tighter' });
      expect(submitted.status).toBe(202);
      const { recut } = await waitForRecut(agents, submitted.body.recut_id);
      expect(recut).toMatchObject({ status: 'complete', proposed_by: 'rules', base_model: null });
      expect(recut.rationale).toMatch(/^Rules: .*the model server was unreachable/);
      expectRulesCut(recut);
      // The rules cut the still, silent parts between the words and keep every word (issue 32).
      expectSameWords(parent, (await agents.waitForScan(recut.scan_id)).scan);
    },
    ONE_RECUT_TEST_MS,
  );
});

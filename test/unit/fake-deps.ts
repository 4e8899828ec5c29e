// In-memory AppDeps for unit tests of services and of routes (`app.inject`): the
// stores keep plain maps, the workflow port records what it was asked to start,
// the clock is a value the test moves. No MongoDB, Temporal or network.
import type { TestDeliveryOutcome } from '../../core/webhook';
import { EmailTakenError } from '../../store/duplicate-key';
import { Readable } from 'node:stream';
import { loadConfig, type HoldlineConfig } from '../../config/env';
import { BoundedSemaphore } from '../../core/bounded-semaphore';
import type { ChatRunResult } from '../../core/chat/completion';
import { DomainError } from '../../core/errors';
import { monthPeriod, type PlanId } from '../../core/plans';
import type { AppDeps, ChatRun, DeletionRun } from '../../services/ports';
import { newWebhookSecret, type AccountDoc } from '../../store/accounts';
import type { CallDoc, CallEventDoc } from '../../store/calls';
import { hashSecret, keyPrefix, newAccountId, newApiKey, newSessionToken } from '../../store/ids';
import type { SubmissionDoc } from '../../store/submissions';
import { IdempotencyStore, newClaimDoc, type ClaimInput, type ClaimOutcome, type IdempotencyDoc, type IdempotentResult } from '../../store/idempotency';
import type { PublishResult, UnpublishResult } from '../../store/library';
import type { MediaBucket, StoredObject } from '../../store/media';
import type { RecutDoc } from '../../store/recuts';
import type { ScanDoc } from '../../store/scan-docs';
import type { SessionDoc } from '../../store/sessions';
import type { MonthUsage } from '../../store/usage';
import type { ChatWorkflowInput } from '../../contracts/chat-types';
import type { RecutWorkflowInput } from '../../contracts/recut-types';
import type { ScanWorkflowInput } from '../../contracts/scan-types';

/** A clock the test sets and moves. */
export class FakeClock {
  constructor(public current = new Date('2026-03-10T12:00:00.000Z')) {}
  now = () => new Date(this.current.getTime());
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export class FakeAccounts {
  readonly docs = new Map<string, AccountDoc>();
  /** Password hashes of accounts made by `createUnkeyed` (FakeSessions reads them). */
  readonly passwordHashes = new Map<string, string>();
  private readonly keys = new Map<string, string>();

  async createUnkeyed(input: { email: string; passwordHash: string; now?: Date }): Promise<AccountDoc> {
    if ([...this.docs.values()].some((doc) => doc.email === input.email)) throw new EmailTakenError(input.email);
    const account: AccountDoc = {
      _id: newAccountId(),
      email: input.email,
      plan: 'signal',
      created_at: input.now ?? new Date(),
      key_prefix: '',
      key_hash: '',
      webhook_secret: newWebhookSecret(),
    };
    this.docs.set(account._id, account);
    this.passwordHashes.set(account._id, input.passwordHash);
    return account;
  }
  async issueFirstKey(accountId: string): Promise<string | null> {
    const account = this.docs.get(accountId);
    if (!account || account.key_hash !== '') return null;
    return this.rotateKey(accountId);
  }

  async create(input: { email: string; plan?: PlanId; now?: Date }): Promise<{ account: AccountDoc; apiKey: string }> {
    if ([...this.docs.values()].some((doc) => doc.email === input.email)) throw new EmailTakenError(input.email);
    const apiKey = newApiKey();
    const account: AccountDoc = {
      _id: newAccountId(),
      email: input.email,
      plan: input.plan ?? 'signal',
      created_at: input.now ?? new Date(),
      key_prefix: keyPrefix(apiKey),
      key_hash: hashSecret(apiKey),
      webhook_secret: newWebhookSecret(),
    };
    this.docs.set(account._id, account);
    this.keys.set(account.key_hash!, account._id);
    return { account, apiKey };
  }
  async rotateKey(accountId: string): Promise<string> {
    const account = this.docs.get(accountId)!;
    this.keys.delete(account.key_hash!);
    const apiKey = newApiKey();
    Object.assign(account, { key_hash: hashSecret(apiKey), key_prefix: keyPrefix(apiKey) });
    this.keys.set(account.key_hash!, accountId);
    return apiKey;
  }
  async authenticate(apiKey: string) {
    const keyHash = hashSecret(apiKey);
    const id = this.keys.get(keyHash);
    const account = id ? this.docs.get(id) : undefined;
    return account && !account.closing_at ? { account, keyHash } : null;
  }
  async byId(accountId: string) {
    return this.docs.get(accountId) ?? null;
  }
  async byEmail(email: string) {
    return [...this.docs.values()].find((doc) => doc.email === email) ?? null;
  }
  async setPlan(accountId: string, plan: PlanId) {
    const account = this.docs.get(accountId);
    if (account) account.plan = plan;
  }
  async webhookSecret(accountId: string) {
    const account = this.docs.get(accountId);
    if (!account) return null;
    account.webhook_secret ??= newWebhookSecret();
    return account.webhook_secret;
  }
  async rotateWebhookSecret(accountId: string) {
    const account = this.docs.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    account.webhook_secret = newWebhookSecret();
    return account.webhook_secret;
  }
  async markClosing(accountId: string, now = new Date()) {
    const account = this.docs.get(accountId);
    if (!account) return null;
    account.closing_at ??= now;
    return account;
  }
  async setRetention(accountId: string, setting: { days: number | null; includePublished: boolean }) {
    const account = this.docs.get(accountId);
    if (!account) return;
    account.media_retention_days = setting.days;
    account.retention_includes_published = setting.includePublished;
  }
}

export class FakeScans {
  readonly docs = new Map<string, ScanDoc>();

  async insertQueued(doc: Omit<ScanDoc, '_id' | 'status' | 'pct' | 'updated_at'>): Promise<ScanDoc> {
    const full: ScanDoc = { ...doc, _id: doc.scan_id, status: 'queued', pct: 0, updated_at: doc.created_at };
    this.docs.set(doc.scan_id, full);
    return full;
  }
  async remove(scanId: string) {
    this.docs.delete(scanId);
  }
  /** As the store: a scan being deleted reads as missing. */
  private visible(scanId: string) {
    const doc = this.docs.get(scanId);
    return doc && !doc.deleted_at ? doc : null;
  }
  async get(scanId: string) {
    return this.visible(scanId);
  }
  async getStatus(scanId: string) {
    return this.visible(scanId);
  }
  async getOwned(scanId: string, accountId: string) {
    const doc = this.visible(scanId);
    return doc && doc.account_id === accountId ? doc : null;
  }
  async hide(scanId: string, now = new Date()) {
    const doc = this.docs.get(scanId);
    if (doc) doc.deleted_at = now;
    return doc !== undefined;
  }
  async listOwned(accountId: string, page: { limit: number; offset: number }) {
    const owned = [...this.docs.values()].filter((doc) => doc.account_id === accountId && !doc.deleted_at).reverse();
    return { docs: owned.slice(page.offset, page.offset + page.limit), total: owned.length };
  }
  /** The account's queued and processing scans (the store reads them from its `scans_in_flight` entries). */
  async inFlightIdsOfAccount(accountId: string) {
    return [...this.docs.values()]
      .filter((doc) => doc.account_id === accountId && (doc.status === 'queued' || doc.status === 'processing'))
      .map((doc) => doc.scan_id);
  }
  async visibleIdsOfAccount(accountId: string) {
    return [...this.docs.values()].filter((doc) => doc.account_id === accountId && !doc.deleted_at).map((doc) => doc.scan_id);
  }

  /** The store's cursor page over insertion order (no walk budget: fakes hold few scans). */
  async listOwnedAfter(accountId: string, page: { limit: number; startingAfter: string | null; status?: ScanDoc['status'] }) {
    const owned = [...this.docs.values()].filter((doc) => doc.account_id === accountId && !doc.deleted_at).reverse();
    const start = page.startingAfter === null ? 0 : owned.findIndex((doc) => doc.scan_id === page.startingAfter) + 1;
    if (start === 0 && page.startingAfter !== null) return null;
    const rest = owned.slice(start).filter((doc) => page.status === undefined || doc.status === page.status);
    const docs = rest.slice(0, page.limit);
    const offset = docs[0] ? owned.indexOf(docs[0]) : owned.length;
    return { docs, total: owned.length, offset, nextCursor: rest.length > page.limit ? docs.at(-1)!.scan_id : null };
  }
}

export class FakeLibrary {
  featuredId: string | null = null;
  constructor(private readonly scans: FakeScans) {}

  async publish(scanId: string, accountId: string, title: string | null, now = new Date()): Promise<PublishResult> {
    const doc = this.scans.docs.get(scanId);
    if (!doc || doc.account_id !== accountId) return { outcome: 'not_found' };
    if (doc.status !== 'complete') return { outcome: 'not_complete' };
    doc.title = title ?? doc.title ?? 'Untitled scan';
    doc.published_at ??= now;
    return { outcome: 'published', doc };
  }
  async unpublish(scanId: string, accountId: string): Promise<UnpublishResult> {
    const doc = await this.scans.getOwned(scanId, accountId);
    if (!doc) return { outcome: 'not_found' };
    delete doc.published_at;
    return { outcome: 'unpublished' };
  }
  async list(page: { limit: number; offset: number }) {
    const published = [...this.scans.docs.values()].filter((doc) => doc.published_at && !doc.deleted_at).reverse();
    return { docs: published.slice(page.offset, page.offset + page.limit), total: published.length };
  }
  async getPublished(scanId: string) {
    const doc = await this.scans.getStatus(scanId);
    return doc?.status === 'complete' && doc.published_at ? doc : null;
  }
  async featured() {
    return this.featuredId ? this.getPublished(this.featuredId) : null;
  }
}

type Counter = 'scans' | 'calls' | 'tokens';

/** Monthly counters per account and calendar month (UTC), as store/usage.ts keeps them. */
export class FakeUsage {
  readonly counters = new Map<string, Record<Counter, number>>();

  private row(accountId: string, now: Date) {
    const id = `${accountId}:${monthPeriod(now).key}`;
    let row = this.counters.get(id);
    if (!row) this.counters.set(id, (row = { scans: 0, calls: 0, tokens: 0 }));
    return row;
  }
  async take(accountId: string, counter: 'scans' | 'calls', limit: number, now = new Date()) {
    const row = this.row(accountId, now);
    if (row[counter] >= limit) return false;
    row[counter] += 1;
    return true;
  }
  async giveBack(accountId: string, counter: 'scans' | 'calls', now = new Date()) {
    this.row(accountId, now)[counter] -= 1;
  }
  async month(accountId: string, now = new Date()): Promise<MonthUsage> {
    const { start, end } = monthPeriod(now);
    return { period: { start, end }, ...this.row(accountId, now) };
  }
  /** The counters of `accountId` in the month of `now`. */
  of(accountId: string, now: Date) {
    return { ...this.row(accountId, now) };
  }
}

/** Fixed windows per key and kind, counted exactly (the real one batches far below the limit). */
export class FakeRateLimiter {
  readonly counts = new Map<string, number>();

  private static window(key: string, kind: string, now: Date, windowMs: number) {
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    return { id: `${key}:${kind}:${windowMs}:${start}`, retryAfterSec: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
  }
  async hit(key: string, kind: string, limit: number, now = new Date(), windowMs = 60_000) {
    const { id, retryAfterSec } = FakeRateLimiter.window(key, kind, now, windowMs);
    const count = (this.counts.get(id) ?? 0) + 1;
    this.counts.set(id, count);
    return { allowed: count <= limit, retryAfterSec, count };
  }
  async takeSlot(key: string, kind: string, limit: number, now = new Date(), windowMs = 60_000) {
    const { id, retryAfterSec } = FakeRateLimiter.window(key, kind, now, windowMs);
    const count = this.counts.get(id) ?? 0;
    if (count >= limit) return { allowed: false, retryAfterSec, slot: null };
    this.counts.set(id, count + 1);
    return { allowed: true, retryAfterSec, slot: id };
  }
  async releaseSlot(slot: string) {
    this.counts.set(slot, (this.counts.get(slot) ?? 1) - 1);
  }
  async spend(key: string, kind: string, amount: number, limit: number, now: Date, windowMs: number) {
    const { id, retryAfterSec } = FakeRateLimiter.window(key, kind, now, windowMs);
    const spent = this.counts.get(id) ?? 0;
    if (spent + amount > limit) return { allowed: false, retryAfterSec, spent };
    this.counts.set(id, spent + amount);
    return { allowed: true, retryAfterSec, spent: spent + amount };
  }
  async add(key: string, kind: string, amount: number, now: Date, windowMs: number) {
    const { id } = FakeRateLimiter.window(key, kind, now, windowMs);
    this.counts.set(id, (this.counts.get(id) ?? 0) + amount);
  }
  async spent(key: string, kind: string, now: Date, windowMs: number) {
    const { id, retryAfterSec } = FakeRateLimiter.window(key, kind, now, windowMs);
    return { spent: this.counts.get(id) ?? 0, retryAfterSec };
  }
  /** Leases held now: id → holder and expiry (ms). */
  readonly leases = new Map<string, { holder: string; until: number }>();
  private leaseCount = 0;
  async takeLease(key: string, kind: string, now: Date, ttlMs: number) {
    const id = `${key}:${kind}:lease`;
    const held = this.leases.get(id);
    if (held && held.until >= now.getTime()) return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((held.until - now.getTime()) / 1000)), lease: null };
    const lease = { id, holder: `holder-${++this.leaseCount}` };
    this.leases.set(id, { holder: lease.holder, until: now.getTime() + ttlMs });
    return { allowed: true, retryAfterSec: 0, lease };
  }
  async releaseLease(lease: { id: string; holder: string }) {
    if (this.leases.get(lease.id)?.holder === lease.holder) this.leases.delete(lease.id);
  }
}

export class FakeCalls {
  readonly docs = new Map<string, CallDoc>();
  readonly slots = new Map<string, { callId: string; expiresAt: number }>();
  readonly events = new Map<string, CallEventDoc[]>();
  /** Calls whose first model step the upstream has answered (by default every call at once). */
  answerImmediately = true;
  readonly answeredIds = new Set<string>();

  async acquireSlot(input: { keyHash: string; callId: string; accountId: string; now: Date; ttlMs: number }) {
    const held = this.slots.get(input.keyHash);
    if (held && held.expiresAt > input.now.getTime()) return false;
    this.slots.set(input.keyHash, { callId: input.callId, expiresAt: input.now.getTime() + input.ttlMs });
    return true;
  }
  async releaseSlot(keyHash: string, callId: string) {
    if (this.slots.get(keyHash)?.callId === callId) this.slots.delete(keyHash);
  }
  async countRunning(now: Date) {
    return [...this.slots.values()].filter((slot) => slot.expiresAt > now.getTime()).length;
  }
  async create(doc: Omit<CallDoc, '_id' | 'status'>) {
    const full: CallDoc = { ...doc, _id: doc.call_id, status: 'running' };
    this.docs.set(doc.call_id, full);
    if (this.answerImmediately) this.answeredIds.add(doc.call_id);
    return full;
  }
  async remove(callId: string) {
    this.docs.delete(callId);
  }
  async markUncharged(callId: string) {
    const doc = this.docs.get(callId);
    if (doc) doc.charged = false;
  }
  async firstStep(callId: string) {
    return { answered: this.answeredIds.has(callId), attemptFailed: false };
  }
  async answered(callId: string) {
    return this.answeredIds.has(callId);
  }
  async eventsAfter(callId: string, seq: number) {
    return (this.events.get(callId) ?? []).filter((event) => event.seq > seq);
  }
}

export class FakeSessions {
  readonly passwords = new Map<string, string>();
  readonly sessions = new Map<string, SessionDoc>();
  /** Password work passes this gate, as in SessionsStore (a test fills it to see the refusal). */
  gate = new BoundedSemaphore({ concurrency: 2, queueLimit: 16 });
  constructor(private readonly accounts: FakeAccounts) {}

  /** Not a hash: fakes need only tell passwords apart. */
  async hashNewPassword(password: string) {
    return this.gate.run(async () => `plain:${password}`);
  }
  async setPassword(accountId: string, password: string) {
    this.passwords.set(accountId, password);
  }
  async checkPassword(email: string, password: string) {
    const account = await this.accounts.byEmail(email);
    await this.gate.run(async () => undefined);
    if (!account) return null;
    const matches = this.passwords.get(account._id) === password || this.accounts.passwordHashes.get(account._id) === `plain:${password}`;
    return matches ? account._id : null;
  }
  async create(accountId: string, now = new Date(), clientIp?: string) {
    const token = newSessionToken();
    const session: SessionDoc = {
      _id: hashSecret(token),
      account_id: accountId,
      csrf: newSessionToken(),
      created_at: now,
      expires_at: new Date(now.getTime() + 86_400_000),
      last_seen_at: now,
      ...(clientIp ? { client_ip: clientIp } : {}),
    };
    this.sessions.set(token, session);
    return { token, session };
  }
  async find(token: string) {
    return this.sessions.get(token) ?? null;
  }
  async remove(token: string) {
    this.sessions.delete(token);
  }
  async touch(session: SessionDoc, now: Date, clientIp: string) {
    session.last_seen_at = now;
    session.client_ip = clientIp;
  }
  async verifyAccountPassword(accountId: string, password: string): Promise<'right' | 'wrong' | 'none'> {
    const known = this.passwords.get(accountId) ?? this.accounts.passwordHashes.get(accountId)?.replace(/^plain:/, '');
    if (known === undefined) return 'none';
    // The real check runs scrypt through the gate.
    await this.gate.run(async () => undefined);
    return known === password ? 'right' : 'wrong';
  }
  async hasPassword(accountId: string) {
    return this.passwords.has(accountId) || this.accounts.passwordHashes.has(accountId);
  }
  async listForAccount(accountId: string) {
    return [...this.sessions.values()].filter((session) => session.account_id === accountId).sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  }
  async removeOthers(accountId: string, keepId: string | null) {
    let removed = 0;
    for (const [token, session] of this.sessions) {
      if (session.account_id === accountId && session._id !== keepId) {
        this.sessions.delete(token);
        removed++;
      }
    }
    return removed;
  }
}

export class FakeRecuts {
  readonly docs = new Map<string, RecutDoc>();
  async insertQueued(doc: Omit<RecutDoc, '_id' | 'status' | 'stage' | 'pct' | 'updated_at'>) {
    const full: RecutDoc = { ...doc, _id: doc.recut_id, status: 'queued', stage: 'queued', pct: 0, updated_at: doc.created_at };
    this.docs.set(doc.recut_id, full);
    return full;
  }
  async remove(recutId: string) {
    this.docs.delete(recutId);
  }
  async getOwned(recutId: string, accountId: string) {
    const doc = this.docs.get(recutId);
    return doc?.account_id === accountId ? doc : null;
  }
  async listForScan(parentScanId: string, accountId: string) {
    return [...this.docs.values()].filter((doc) => doc.parent_scan_id === parentScanId && doc.account_id === accountId);
  }
}

/** Submissions in flight as store/submissions.ts keeps them: one entry per scan id. */
export class FakeSubmissions {
  readonly docs = new Map<string, SubmissionDoc>();

  async begin(input: { scanId: string; accountId: string; now: Date; unit?: boolean }): Promise<void> {
    if (this.docs.has(input.scanId)) throw new Error(`duplicate key ${input.scanId}`);
    this.docs.set(input.scanId, { _id: input.scanId, account_id: input.accountId, started_at: input.now, ...(input.unit ? { unit: true } : {}) });
  }

  async tookUnit(scanId: string): Promise<void> {
    const doc = this.docs.get(scanId);
    if (doc) doc.unit = true;
  }

  async end(scanId: string): Promise<void> {
    this.docs.delete(scanId);
  }

  async idsOfAccount(accountId: string, since: Date): Promise<string[]> {
    return [...this.docs.values()].filter((doc) => doc.account_id === accountId && doc.started_at >= since).map((doc) => doc._id);
  }

  async countOfAccount(accountId: string, since: Date): Promise<number> {
    return [...this.docs.values()].filter((doc) => doc.account_id === accountId && doc.started_at >= since).length;
  }

  async startedBefore(before: Date, limit: number): Promise<SubmissionDoc[]> {
    return [...this.docs.values()]
      .filter((doc) => doc.started_at < before)
      .sort((a, b) => a.started_at.getTime() - b.started_at.getTime() || a._id.localeCompare(b._id))
      .slice(0, limit);
  }
}

/** Idempotency keys as store/idempotency.ts keeps them: one entry per account and key, expiry checked on read. */
export class FakeIdempotency {
  readonly docs = new Map<string, IdempotencyDoc>();
  private claims = 0;

  async claim(input: ClaimInput): Promise<ClaimOutcome> {
    const id = IdempotencyStore.id(input.accountId, input.key);
    const held = this.docs.get(id);
    const dead = held && (held.expires_at <= input.now || (held.state === 'pending' && held.pending_until <= input.now));
    if (held && !dead) return { kind: 'existing', doc: { ...held } };
    const claim = `claim${++this.claims}`;
    this.docs.set(id, newClaimDoc(input, claim));
    return { kind: 'claimed', id, claim };
  }
  async get(accountId: string, key: string) {
    const doc = this.docs.get(`${accountId}:${key}`);
    return doc ? { ...doc } : null;
  }
  async complete(id: string, result: IdempotentResult) {
    const doc = this.docs.get(id);
    if (doc) Object.assign(doc, { state: 'done', result });
  }
  async release(id: string, claim: string) {
    if (this.docs.get(id)?.claim === claim) this.docs.delete(id);
  }
}

export class FakeMedia {
  readonly media = 'media' as const;
  readonly objects = new Map<string, { bytes: Buffer; contentType: string; filename: string }>();

  async put(bucket: MediaBucket, id: string, source: Readable | AsyncIterable<Uint8Array>, meta: { filename: string; contentType?: string }) {
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(Buffer.from(chunk as Uint8Array));
    const bytes = Buffer.concat(chunks);
    this.objects.set(`${bucket}/${id}`, { bytes, contentType: meta.contentType ?? 'application/octet-stream', filename: meta.filename });
    return bytes.length;
  }
  async stat(bucket: MediaBucket, id: string): Promise<StoredObject | null> {
    const object = this.objects.get(`${bucket}/${id}`);
    return object ? { length: object.bytes.length, contentType: object.contentType, filename: object.filename } : null;
  }
  read(bucket: MediaBucket, id: string, range?: { start: number; end: number }) {
    const bytes = this.objects.get(`${bucket}/${id}`)?.bytes ?? Buffer.alloc(0);
    return Readable.from([range ? bytes.subarray(range.start, range.end) : bytes]);
  }
  async remove(bucket: MediaBucket, id: string) {
    this.objects.delete(`${bucket}/${id}`);
  }
}

export type Started =
  | { kind: 'scan'; input: ScanWorkflowInput; priorityKey: number }
  | { kind: 'recut'; input: RecutWorkflowInput }
  | { kind: 'chat'; input: ChatWorkflowInput }
  | { kind: 'deletion'; input: { scanId: string } };

/**
 * Records every workflow start; chat runs end with `chatResult` (or never, while it is null),
 * freeing the call's slot first, as the chat workflow's `finishCall` does.
 */
export class FakeWorkflows {
  constructor(private readonly calls?: FakeCalls) {}
  readonly started: Started[] = [];
  readonly cancelled: string[] = [];
  /** The request id each start carried for the workflow's memo, in start order. */
  readonly requestIds: Array<string | undefined> = [];
  /** When set, every start fails with it (Temporal unreachable). */
  failWith: Error | null = null;
  chatResult: ((input: ChatWorkflowInput) => ChatRunResult) | null = (input) => ({
    content: 'answer',
    finishReason: 'stop',
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    run: { call_id: input.callId, base_model: 'base', steps: 1, tools_used: [], stopped: 'done' },
  });

  async startScan(input: ScanWorkflowInput, options: { priorityKey: number; requestId?: string }) {
    if (this.failWith) throw this.failWith;
    this.started.push({ kind: 'scan', input, priorityKey: options.priorityKey });
    this.requestIds.push(options.requestId);
  }
  async startRecut(input: RecutWorkflowInput, origin?: { requestId?: string }) {
    if (this.failWith) throw this.failWith;
    this.started.push({ kind: 'recut', input });
    this.requestIds.push(origin?.requestId);
  }
  /** Whether a started deletion finishes within the wait (false: a worker is down). */
  deletionFinishes = true;
  /** The scans whose workflow was cancelled, in order. */
  readonly cancelledScans: string[] = [];
  /** What the scan's workflow does when cancelled (a test writes the clean-up's outcome here). */
  onCancelScan: (scanId: string) => void = () => undefined;

  async startDeletion(input: { scanId: string }, origin?: { requestId?: string }): Promise<DeletionRun> {
    if (this.failWith) throw this.failWith;
    this.started.push({ kind: 'deletion', input });
    this.requestIds.push(origin?.requestId);
    return { finished: async () => this.deletionFinishes };
  }
  /** The accounts whose closure was started, in order; closures finish within the wait while `deletionFinishes`. */
  readonly closures: string[] = [];
  async startAccountClosure(input: { accountId: string }): Promise<DeletionRun> {
    if (this.failWith) throw this.failWith;
    this.closures.push(input.accountId);
    return { finished: async () => this.deletionFinishes };
  }
  async cancelScan(scanId: string) {
    if (this.failWith) throw this.failWith;
    this.cancelledScans.push(scanId);
    this.onCancelScan(scanId);
  }
  /** What a test webhook's one attempt gets, and the tests sent, in order. */
  webhookOutcome: TestDeliveryOutcome = { status: 200 };
  readonly webhookTests: Array<{ testId: string; accountId: string; url: string; webhookId: string }> = [];
  async testWebhook(input: { testId: string; accountId: string; url: string; webhookId: string }): Promise<TestDeliveryOutcome> {
    if (this.failWith) throw this.failWith;
    this.webhookTests.push(input);
    return this.webhookOutcome;
  }
  async startChat(input: ChatWorkflowInput, origin?: { requestId?: string }): Promise<ChatRun> {
    if (this.failWith) throw this.failWith;
    this.started.push({ kind: 'chat', input });
    this.requestIds.push(origin?.requestId);
    const result = this.chatResult;
    const finish = (value: ChatRunResult) => {
      for (const [keyHash, slot] of this.calls?.slots ?? []) if (slot.callId === input.callId) this.calls?.slots.delete(keyHash);
      return value;
    };
    return {
      result: () => (result ? Promise.resolve(result(input)).then(finish) : new Promise<never>(() => undefined)),
      cancel: async () => void this.cancelled.push(input.callId),
    };
  }
}

/** The model server's health as a switch; counts the checks admission makes. */
export class FakeUpstream {
  up = true;
  checks = 0;
  async assertReachable() {
    this.checks += 1;
    if (!this.up) throw new DomainError('model_unavailable', 'the model server does not answer');
  }
  async state() {
    return this.up ? ('available' as const) : ('unavailable' as const);
  }
  invalidate() {}
  // A switch caches nothing: every admission asks.
  readonly trusted = false;
  async reachableNow() {
    return this.up;
  }
}

export interface FakeDeps extends AppDeps {
  clock: FakeClock;
  accounts: FakeAccounts;
  scans: FakeScans;
  library: FakeLibrary;
  usage: FakeUsage;
  rateLimiter: FakeRateLimiter;
  calls: FakeCalls;
  sessions: FakeSessions;
  recuts: FakeRecuts;
  idempotency: FakeIdempotency;
  submissions: FakeSubmissions;
  media: FakeMedia;
  workflows: FakeWorkflows;
  upstream: AppDeps['upstream'];
  /** The default upstream's switch (tests that need a real health cache replace `upstream`). */
  upstreamSwitch: FakeUpstream;
  down: { mongodb: boolean; temporal: boolean };
}

/** Fake dependencies over the configuration `env` would give (defaults otherwise). */
export function fakeDeps(env: Record<string, string> = {}, overrides: Partial<HoldlineConfig> = {}): FakeDeps {
  const config = { ...loadConfig({ HOLDLINE_MEDIA_DIR: '/nonexistent-fake-media', ...env }), ...overrides };
  const clock = new FakeClock();
  const accounts = new FakeAccounts();
  const scans = new FakeScans();
  const down = { mongodb: false, temporal: false };
  const upstream = new FakeUpstream();
  const calls = new FakeCalls();
  return {
    config,
    clock,
    now: clock.now,
    accounts,
    scans,
    library: new FakeLibrary(scans),
    usage: new FakeUsage(),
    rateLimiter: new FakeRateLimiter(),
    calls,
    sessions: new FakeSessions(accounts),
    recuts: new FakeRecuts(),
    idempotency: new FakeIdempotency(),
    submissions: new FakeSubmissions(),
    media: new FakeMedia(),
    workflows: new FakeWorkflows(calls),
    upstream,
    upstreamSwitch: upstream,
    down,
    readiness: {
      mongodb: async () => {
        if (down.mongodb) throw new Error('connection refused');
      },
      temporal: async () => {
        if (down.temporal) throw new Error('connection refused');
      },
    },
  };
}

/** An account with a key, ready for `authorization: Bearer <apiKey>`. */
export async function accountWithKey(deps: FakeDeps, plan: PlanId = 'signal') {
  const { account, apiKey } = await deps.accounts.create({ email: `${newAccountId()}@example.com`, plan });
  return { account, apiKey, auth: { authorization: `Bearer ${apiKey}` } };
}

/**
 * Puts a scan document into the fake store as the real one keeps it: a complete scan
 * carries a whole read (timeline, a cut, a dead stretch, a moment, a claim, a transcript),
 * a failed one its detail, an unfinished one 0 %. `extra` overrides any field.
 */
export function scanDocFixture(deps: FakeDeps, scan: { scanId: string; accountId: string; status: ScanDoc['status'] }, extra: Partial<ScanDoc> = {}): ScanDoc {
  const now = deps.now();
  const doc = {
    _id: scan.scanId,
    scan_id: scan.scanId,
    account_id: scan.accountId,
    title: `title of ${scan.scanId}`,
    status: scan.status,
    pct: scan.status === 'complete' ? 100 : 0,
    source: { type: 'upload', filename: 'clip.mp4' },
    priority: false,
    created_at: now,
    updated_at: now,
    media_type: 'video/mp4',
    ...(scan.status === 'complete'
      ? {
          duration_sec: 3,
          score: 71,
          grade: 'B',
          label: 'holds',
          hook: 0.8,
          timeline: [0, 1, 2].map((second) => ({ second, scores: { hold: 0.7, motion: 0.5, loudness: 0.4, speech: 0.6 } })),
          cuts: [1.5],
          dead: [{ start: 2, end: 3 }],
          moments: [{ second: 1, label: 'peak', hold: 0.9, quote: 'hello' }],
          claims: ['a claim'],
          transcript: [{ start: 0, end: 1.2, text: 'hello there' }],
          summary: 'A clip.',
          method: 'm',
          transcriber: 'pocketsphinx',
        }
      : {}),
    ...(scan.status === 'error' ? { detail: 'could not decode the video' } : {}),
    ...extra,
  } as unknown as ScanDoc;
  deps.scans.docs.set(scan.scanId, doc);
  return doc;
}

// The ports the use cases and the HTTP layer stand on (built for real by api/deps.ts).
import type { HoldlineConfig } from '../config/env';
import type { ChatRunResult } from '../core/chat/completion';
import type { TestDeliveryOutcome } from '../core/webhook';
import type { AccountsStore } from '../store/accounts';
import type { CallsStore } from '../store/calls';
import type { IdempotencyStore } from '../store/idempotency';
import type { LibraryStore } from '../store/library';
import type { MediaStore } from '../store/media';
import type { RecutsStore } from '../store/recuts';
import type { ScansStore } from '../store/scans';
import type { SessionsStore } from '../store/sessions';
import type { SubmissionsStore } from '../store/submissions';
import type { RateLimiter, UsageStore } from '../store/usage';
import type { ChatWorkflowInput } from '../contracts/chat-types';
import type { RecutWorkflowInput } from '../contracts/recut-types';
import type { ScanWorkflowInput } from '../contracts/scan-types';

// Only the methods the use cases and routes call, so a test can hand in small in-memory fakes.
export type AccountsPort = Pick<
  AccountsStore,
  | 'authenticate'
  | 'byId'
  | 'byEmail'
  | 'create'
  | 'createUnkeyed'
  | 'issueFirstKey'
  | 'rotateKey'
  | 'setPlan'
  | 'webhookSecret'
  | 'rotateWebhookSecret'
  | 'markClosing'
  | 'setRetention'
>;
export type ScansPort = Pick<
  ScansStore,
  'insertQueued' | 'remove' | 'get' | 'getStatus' | 'getOwned' | 'listOwned' | 'listOwnedAfter' | 'hide' | 'visibleIdsOfAccount' | 'inFlightIdsOfAccount'
>;
export type LibraryPort = Pick<LibraryStore, 'publish' | 'unpublish' | 'list' | 'getPublished' | 'featured'>;
export type UsagePort = Pick<UsageStore, 'take' | 'giveBack' | 'month'>;
export type RateLimiterPort = Pick<RateLimiter, 'hit' | 'takeSlot' | 'releaseSlot' | 'takeLease' | 'releaseLease' | 'spend' | 'add' | 'spent'>;
export type CallsPort = Pick<
  CallsStore,
  'acquireSlot' | 'releaseSlot' | 'countRunning' | 'create' | 'remove' | 'markUncharged' | 'firstStep' | 'answered' | 'eventsAfter'
>;
export type SessionsPort = Pick<
  SessionsStore,
  | 'hashNewPassword'
  | 'setPassword'
  | 'checkPassword'
  | 'create'
  | 'find'
  | 'remove'
  | 'touch'
  | 'verifyAccountPassword'
  | 'hasPassword'
  | 'listForAccount'
  | 'removeOthers'
>;
export type RecutsPort = Pick<RecutsStore, 'insertQueued' | 'remove' | 'getOwned' | 'listForScan'>;
export type IdempotencyPort = Pick<IdempotencyStore, 'claim' | 'get' | 'complete' | 'release'>;
export type SubmissionsPort = Pick<SubmissionsStore, 'begin' | 'tookUnit' | 'end' | 'idsOfAccount'>;
export type MediaPort = Pick<MediaStore, 'media' | 'put' | 'stat' | 'read' | 'remove'>;
/** The model server's health (api/upstream-health.ts). */
export interface UpstreamPort {
  /** Throws `model_unavailable` unless a server is configured and answered recently or answers now. */
  assertReachable(): Promise<void>;
  /** What `/readyz` and `/v1/models` report, from the cached check. */
  state(): Promise<'available' | 'unavailable' | 'not configured'>;
  /** Forgets the last good answer. */
  invalidate(): void;
  /** Whether a cached good answer would be trusted now. */
  readonly trusted: boolean;
  /** A fresh check, ignoring the cached answer. */
  reachableNow(): Promise<boolean>;
  /** Why the model is unavailable until the operator acts (the embedded server could not start), when known. */
  readonly unavailableReason?: string | undefined;
}

/** A started chat workflow: its result, and a way to stop it. */
export interface ChatRun {
  result(): Promise<ChatRunResult>;
  cancel(): Promise<unknown>;
}

/** The workflows the API starts, under the ids and queues of contracts/names.ts. */
export interface WorkflowsPort {
  startScan(input: ScanWorkflowInput, options: { priorityKey: number } & WorkflowOrigin): Promise<void>;
  startRecut(input: RecutWorkflowInput, origin?: WorkflowOrigin): Promise<void>;
  startChat(input: ChatWorkflowInput, origin?: WorkflowOrigin): Promise<ChatRun>;
  /** Starts the scan's `delete-` workflow, or joins the one already running. */
  startDeletion(input: { scanId: string }, origin?: WorkflowOrigin): Promise<DeletionRun>;
  /** Cancels the scan's workflow and resolves once it has ended (at once when it was not running). */
  cancelScan(scanId: string): Promise<void>;
  /** Runs one `webhook-test-` workflow (a single signed attempt) and resolves with its outcome. */
  testWebhook(input: { testId: string; accountId: string; url: string; webhookId: string }, origin?: WorkflowOrigin): Promise<TestDeliveryOutcome>;
  /** Starts the account's `close-account-` workflow, or joins the one already running. */
  startAccountClosure(input: { accountId: string }, origin?: WorkflowOrigin): Promise<DeletionRun>;
}

/** A started deletion: resolves true once it has finished, false when `waitMs` passed first. */
export interface DeletionRun {
  finished(waitMs: number): Promise<boolean>;
}

/** Where a workflow start came from: the API request's id, kept in the workflow's memo as `request_id`. */
export interface WorkflowOrigin {
  requestId?: string;
}

/** What `/readyz` asks: each resolves when its dependency answers. */
export interface ReadinessPort {
  mongodb(): Promise<unknown>;
  temporal(): Promise<unknown>;
}

/** Everything the HTTP layer needs, built once by `createAppDeps` (or by a test, over fakes). */
export interface AppDeps {
  config: HoldlineConfig;
  accounts: AccountsPort;
  scans: ScansPort;
  library: LibraryPort;
  media: MediaPort;
  usage: UsagePort;
  rateLimiter: RateLimiterPort;
  calls: CallsPort;
  sessions: SessionsPort;
  recuts: RecutsPort;
  /** Idempotency-Key claims of submissions (store/idempotency.ts). */
  idempotency: IdempotencyPort;
  /** Submissions being received, waited for by an account's closure (store/submissions.ts). */
  submissions: SubmissionsPort;
  workflows: WorkflowsPort;
  readiness: ReadinessPort;
  /** The model server's health, checked before a chat call is admitted (answers cached for `upstreamHealthTtlMs`). */
  upstream: UpstreamPort;
  /** The clock, so month boundaries and rate windows are testable. */
  now: () => Date;
}

/** Where a use case reports what the client is not told (a failed undo, an internal error). */
export interface Log {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

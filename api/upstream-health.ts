import { DomainError } from '../core/errors';

/** What `/readyz` and `/v1/models` say of the model server. */
export type ModelState = 'available' | 'unavailable' | 'not configured';

/** What to set, said to a caller whose chat found no model server (env names only: never the address itself). */
export const MODEL_NOT_CONFIGURED_MESSAGE =
  'no model server is configured on this service: the operator sets MODEL_BASE_URL to an OpenAI-compatible server (with MODEL_API_KEY and MODEL_BASE_NAME), or runs `npm run up` without MODEL_BASE_URL to use the embedded model';
export const MODEL_UNREACHABLE_MESSAGE =
  'the model server does not answer: the operator starts it, or points MODEL_BASE_URL (with MODEL_API_KEY and MODEL_BASE_NAME) at a reachable OpenAI-compatible server; nothing was charged; try again shortly';

/** Seconds a caller is asked to wait when the server does not answer now but may come back (a supervised restart). */
const UNREACHABLE_RETRY_AFTER_SEC = 5;

/** How long a failed check is trusted, in ms: a storm of calls while the server is down costs one check a second, and a server that comes back is seen within a second or two. */
const DOWN_TTL_MS = 1000;

export interface UpstreamHealthOptions {
  /** null: no model server is configured (MODEL_BASE_URL=off). */
  baseUrl: string | null;
  /** Why there is none although one was wanted (the embedded server could not start): said to callers and by `/readyz`. */
  unavailableReason?: string;
  apiKey: string;
  /** How long a healthy answer is trusted, in ms; 0 checks every time. */
  ttlMs: number;
  /** Time allowed to the check, in ms (default 2000). */
  timeoutMs?: number;
  /** The clock the cached answer is judged by, in ms (default `Date.now`). */
  now?: () => number;
  /** How the check reaches the server (default the global `fetch`). */
  fetch?: typeof fetch;
}

/**
 * Admission asks the upstream model server for its model list before anything is
 * charged or locked; an unreachable server (no answer, or 5xx), or none configured,
 * is a 503 `model_unavailable`. Both answers are cached (a good one for `ttlMs`, a
 * bad one for a second), so neither a storm of calls nor `/readyz` and `/v1/models`
 * cost a check each.
 */
export class UpstreamHealth {
  private healthyUntil = 0;
  private downUntil = 0;
  private inFlight: Promise<boolean> | undefined;

  private readonly now: () => number;

  constructor(private readonly options: UpstreamHealthOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether admission would trust a cached good answer now instead of asking the server. */
  get trusted(): boolean {
    return this.now() < this.healthyUntil;
  }

  /** Forgets the last good answer: the next admission checks again (a call just found the server dead). */
  invalidate(): void {
    this.healthyUntil = 0;
    this.downUntil = 0;
  }

  /** The model server's state from the cached check (a fresh check when the cache has expired). */
  async state(): Promise<ModelState> {
    if (this.options.baseUrl === null) return 'not configured';
    if (this.now() < this.healthyUntil) return 'available';
    if (this.now() < this.downUntil) return 'unavailable';
    return (await this.check()) ? 'available' : 'unavailable';
  }

  /** A fresh check, ignoring the cached answer: whether the server answers at all now. */
  async reachableNow(): Promise<boolean> {
    this.invalidate();
    try {
      await this.assertReachable();
      return true;
    } catch {
      return false;
    }
  }

  /** Why the model is unavailable for good (until the operator acts), if that is known. */
  get unavailableReason(): string | undefined {
    return this.options.baseUrl === null ? this.options.unavailableReason : undefined;
  }

  async assertReachable(): Promise<void> {
    if (this.options.baseUrl === null) {
      // No model can come back by itself: retrying is pointless until the operator acts.
      const message = this.options.unavailableReason ? `the model server could not start: ${this.options.unavailableReason}` : MODEL_NOT_CONFIGURED_MESSAGE;
      throw new DomainError('model_unavailable', message, { shouldRetry: false });
    }
    if (this.now() < this.healthyUntil) return;
    if (this.now() < this.downUntil || !(await this.check())) {
      throw new DomainError('model_unavailable', MODEL_UNREACHABLE_MESSAGE, { retryAfterSec: UNREACHABLE_RETRY_AFTER_SEC });
    }
  }

  /** One check at a time: concurrent callers share it. */
  private check(): Promise<boolean> {
    this.inFlight ??= this.probe().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async probe(): Promise<boolean> {
    const baseUrl = this.options.baseUrl;
    if (baseUrl === null) return false;
    try {
      const response = await (this.options.fetch ?? fetch)(`${baseUrl.replace(/\/+$/, '')}/models`, {
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 2000),
      });
      await response.body?.cancel();
      if (response.status >= 500) return this.down();
      this.healthyUntil = this.now() + this.options.ttlMs;
      return true;
    } catch {
      return this.down();
    }
  }

  private down(): false {
    this.downUntil = this.now() + Math.min(DOWN_TTL_MS, this.options.ttlMs);
    return false;
  }
}

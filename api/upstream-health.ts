import { DomainError } from '../core/errors';

export interface UpstreamHealthOptions {
  baseUrl: string;
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
 * charged or locked; an unreachable server (no answer, or 5xx) is a 503.
 */
export class UpstreamHealth {
  private healthyUntil = 0;
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

  async assertReachable(): Promise<void> {
    if (this.now() < this.healthyUntil) return;
    this.inFlight ??= this.check().finally(() => {
      this.inFlight = undefined;
    });
    if (!(await this.inFlight)) {
      throw new DomainError('upstream_unavailable', 'the model server is unreachable; try again shortly');
    }
  }

  private async check(): Promise<boolean> {
    try {
      const response = await (this.options.fetch ?? fetch)(`${this.options.baseUrl.replace(/\/+$/, '')}/models`, {
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 2000),
      });
      await response.body?.cancel();
      if (response.status >= 500) return false;
      this.healthyUntil = this.now() + this.options.ttlMs;
      return true;
    } catch {
      return false;
    }
  }
}

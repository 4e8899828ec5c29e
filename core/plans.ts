// Plans, quotas and per-key rate limits (spec "Limits", design §5).

export type PlanId = 'signal' | 'agents';

export interface Plan {
  id: PlanId;
  name: string;
  scansPerMonth: number;
  /** Scans of this plan run ahead of others on the scan queue. */
  priorityQueue: boolean;
  /** The agent that proposes a cut and re-scans it. */
  recutAgent: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  signal: { id: 'signal', name: 'Signal', scansPerMonth: 30, priorityQueue: false, recutAgent: false },
  agents: { id: 'agents', name: 'Agents', scansPerMonth: 50, priorityQueue: true, recutAgent: true },
};

export const isPlanId = (value: unknown): value is PlanId => value === 'signal' || value === 'agents';

export const LIMITS = {
  uploadBytes: 400 * 1024 * 1024,
  scanSubmissionsPerMinute: 60,
  scanReadsPerMinute: 600,
  chatCallsPerMonth: 25,
  chatRequestBytes: 256 * 1024,
  historyDefaultLimit: 20,
  historyMaxLimit: 100,
} as const;

/** The calendar month (UTC) that contains `now`: start inclusive, end exclusive. */
export function monthPeriod(now: Date): { key: string; start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const key = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  return { key, start, end };
}

/** Whole seconds from `now` until `until`, at least 1 (a Retry-After value). */
export function secondsUntil(now: Date, until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

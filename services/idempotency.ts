import { createHash } from 'node:crypto';
import { canonicalJson, IDEMPOTENCY_KEY } from '../core/canonical-json';
import { badRequest, DomainError } from '../core/errors';
import type { IdempotentResult } from '../store/idempotency';
import type { AppDeps, Log } from './ports';
import { retryBriefly } from './quota';

/** A key is remembered this long after its first use. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** How long a retry waits for the first request with its key to finish before it is told to come back. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 100;

/** The client's `Idempotency-Key` for one submission; the use case sets `replayed` when it answered from the key. */
export interface IdempotencyInput {
  key: string;
  /** Null when it is known only once the body has been read (an upload). */
  fingerprint: string | null;
  replayed?: boolean;
}

/** A claim this request holds on its key. */
export interface HeldKey {
  id: string;
  claim: string;
}

/**
 * The `Idempotency-Key` header, checked: undefined when absent, 400 when malformed or
 * repeated. It reads the raw header list (name, value, name, value, …) because Node joins
 * a repeated header into one `"a, b"` string, which would pass as one well-formed key.
 */
export function idempotencyKeyOf(rawHeaders: readonly string[]): string | undefined {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === 'idempotency-key') values.push(rawHeaders[i + 1]!);
  }
  if (values.length === 0) return undefined;
  const [header] = values;
  if (values.length > 1 || header === undefined || !IDEMPOTENCY_KEY.test(header)) {
    throw badRequest('Idempotency-Key must be one header of 1 to 255 printable ASCII characters', 'Idempotency-Key');
  }
  return header;
}

/** A fingerprint of a JSON request: the route it went to and its body, key order and whitespace aside. */
export function jsonFingerprint(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

/**
 * Claims the key for this request, or answers from it: the stored response when the
 * same request already finished (`replay`), 409 when the key was used for a different
 * request, or, after waiting a few seconds for a first request still running, 409 with
 * Retry-After. A first request that gave its key back (it was refused) is claimed over.
 */
export async function claimKey(
  deps: Pick<AppDeps, 'idempotency' | 'config'>,
  accountId: string,
  input: { key: string; fingerprint: string },
  now: Date,
): Promise<{ kind: 'claimed'; held: HeldKey } | { kind: 'replay'; result: IdempotentResult }> {
  const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const outcome = await deps.idempotency.claim({
      accountId,
      key: input.key,
      fingerprint: input.fingerprint,
      now,
      ttlMs: IDEMPOTENCY_TTL_MS,
      // A claim outlives the longest request it can belong to; past that its process is gone.
      pendingMs: deps.config.requestTimeoutMs + 10 * 60_000,
    });
    if (outcome.kind === 'claimed') return { kind: 'claimed', held: { id: outcome.id, claim: outcome.claim } };
    const { doc } = outcome;
    if (doc.fingerprint !== input.fingerprint) {
      throw new DomainError('conflict', 'this Idempotency-Key was already used with a different request; use a new key for a new request');
    }
    if (doc.state === 'done' && doc.result) return { kind: 'replay', result: doc.result };
    // The first request with this key is still running: wait for its answer (or its refusal, which frees the key).
    for (;;) {
      if (Date.now() >= waitUntil) {
        throw new DomainError('conflict', 'a request with this Idempotency-Key is still in progress; retry shortly', { retryAfterSec: 1 });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const current = await deps.idempotency.get(accountId, input.key);
      if (!current || current.claim !== doc.claim) break;
      if (current.state === 'done' && current.result) return { kind: 'replay', result: current.result };
    }
  }
}

/** Records the answer under the key (retried briefly; a failure is logged, the submission stands). */
export async function completeKey(deps: Pick<AppDeps, 'idempotency'>, held: HeldKey, result: IdempotentResult, log: Log): Promise<void> {
  try {
    await retryBriefly(() => deps.idempotency.complete(held.id, result));
  } catch (error) {
    log.error({ err: error, key: held.id }, 'recording an idempotent answer failed');
  }
}

/** Gives the key back with everything else a refused request took, so a retry is not blocked. */
export function releaseKey(deps: Pick<AppDeps, 'idempotency'>, held: HeldKey | null): Promise<void> {
  return held ? retryBriefly(() => deps.idempotency.release(held.id, held.claim)) : Promise.resolve();
}

// Permanent media failures. The scan ends in `error` with `message` as its
// detail: the scan activities turn these into non-retryable ApplicationFailures
// of type `FailureType.BadMedia` (contracts/names.ts) carrying the message only;
// `code` and `diagnostic` (what ffmpeg or ffprobe said) go to the worker's log
// for operators, never to a client.

export type BadMediaCode = 'not_a_video' | 'not_accepted' | 'no_video_stream' | 'corrupt' | 'zero_duration' | 'over_limit';

export class BadMediaError extends Error {
  /** The tool's own words (stderr), for the operator's log only. */
  readonly diagnostic: string | undefined;

  constructor(
    public readonly code: BadMediaCode,
    message: string,
    options?: { cause?: unknown; diagnostic?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BadMediaError';
    this.diagnostic = options?.diagnostic;
  }
}

// Permanent media failures. The scan ends in `error` with `message` as its
// detail; the activity layer turns these into non-retryable failures whose
// type is `BadMediaError` and whose details carry `code`. The message is plain
// words for the customer; what ffmpeg or ffprobe said goes in `diagnostic`,
// which the activity logs for operators and never sends to a client.

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

// Permanent media failures. The scan ends in `error` with `message` as its
// detail; the activity layer turns these into non-retryable failures whose
// type is `BadMediaError` and whose details carry `code`.

export type BadMediaCode = 'not_a_video' | 'no_video_stream' | 'corrupt' | 'zero_duration';

export class BadMediaError extends Error {
  constructor(
    public readonly code: BadMediaCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BadMediaError';
  }
}

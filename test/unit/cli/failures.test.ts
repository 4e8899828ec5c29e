// What the CLI prints for a failure: the service's own sentence (its `detail`, or
// the model interface's `error.message`) after the status, never the status alone.
import { describe, expect, it } from 'vitest';
import { ConnectionError, InvalidArgumentError, NotFoundError, RateLimitError, ServiceUnavailableError } from '../../../clients/js/src/index';
import { EXIT } from '../../../cli/format';
import { fromApiError } from '../../../cli/context';
import { fromModelError, OpenAI } from '../../../cli/model-client';

// As `holdline` reports it: `chat` turns the openai client's failures into the CLI's, then main.ts reports any failure.
const failure = (error: unknown) => {
  const { code, message } = fromApiError(fromModelError(error));
  return { code, message };
};

describe('CLI failures', () => {
  it('client errors: status and detail, the wait of a 429, status 0 plainly', () => {
    expect(failure(new NotFoundError({ status: 404, detail: 'no scan scn_1' }))).toEqual({ code: EXIT.scanError, message: '404: no scan scn_1' });
    expect(failure(new RateLimitError({ status: 429, detail: 'rate limit reached', retryAfter: 12 }))).toEqual({
      code: EXIT.quota,
      message: '429: rate limit reached (retry after 12 s)',
    });
    expect(failure(new ServiceUnavailableError({ status: 503, detail: 'the demo scan is not ready yet' }))).toEqual({
      code: EXIT.unreachable,
      message: '503: the demo scan is not ready yet',
    });
    expect(failure(new ConnectionError({ status: 0, detail: 'cannot reach Holdline at http://127.0.0.1:9: ECONNREFUSED' }))).toEqual({
      code: EXIT.unreachable,
      message: 'cannot reach Holdline at http://127.0.0.1:9: ECONNREFUSED',
    });
    expect(failure(new InvalidArgumentError({ status: 0, detail: 'no file at x.mp4' }))).toEqual({ code: EXIT.usage, message: 'no file at x.mp4' });
  });

  it('model interface errors (the openai client): the body’s message, else a sentence with the status', () => {
    const withMessage = OpenAI.APIError.generate(
      503,
      { error: { message: 'no model server is configured: set MODEL_BASE_URL', type: 'server_error', param: null, code: 'model_unavailable' } },
      undefined,
      new Headers(),
    );
    expect(failure(withMessage)).toEqual({ code: EXIT.unreachable, message: '503: no model server is configured: set MODEL_BASE_URL' });
    const bare = OpenAI.APIError.generate(503, { detail: 'x' }, undefined, new Headers());
    expect(failure(bare)).toEqual({ code: EXIT.unreachable, message: '503: the service answered with status 503' });
  });
});

import { defaultPayloadConverter } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { requestIdActivityInterceptors } from '../../../workers/request-id';
import { REQUEST_ID_HEADER } from '../../../workflows/request-id-interceptors';

const attributes = { activityId: '1', activityType: 'fetchMedia' };

describe('requestIdActivityInterceptors', () => {
  it("puts the header's request id on the activity's log attributes once it runs", async () => {
    const { inbound, outbound } = requestIdActivityInterceptors();
    expect(outbound!.getLogAttributes!(attributes, (a) => a)).toEqual(attributes);
    const result = await inbound!.execute!(
      { args: [1], headers: { [REQUEST_ID_HEADER]: defaultPayloadConverter.toPayload('req_abc') } },
      async (input) => input.args[0],
    );
    expect(result).toBe(1);
    expect(outbound!.getLogAttributes!(attributes, (a) => a)).toEqual({ ...attributes, request_id: 'req_abc' });
  });

  it('without the header (a workflow not started by the API) the attributes are unchanged', async () => {
    const { inbound, outbound } = requestIdActivityInterceptors();
    await inbound!.execute!({ args: [], headers: {} }, async () => undefined);
    expect(outbound!.getLogAttributes!(attributes, (a) => a)).toEqual(attributes);
  });
});

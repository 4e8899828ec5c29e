// Puts the API request id a workflow scheduled an activity with (header set by
// workflows/request-id-interceptors.ts) on that activity's log lines as `request_id`.
import { defaultPayloadConverter } from '@temporalio/common';
import type { ActivityInterceptors } from '@temporalio/worker';
import { REQUEST_ID_HEADER } from '../workflows/request-id-interceptors';

export function requestIdActivityInterceptors(): ActivityInterceptors {
  let requestId: string | undefined;
  return {
    inbound: {
      execute: (input, next) => {
        const payload = input.headers[REQUEST_ID_HEADER];
        const value = payload ? defaultPayloadConverter.fromPayload<unknown>(payload) : undefined;
        if (typeof value === 'string') requestId = value;
        return next(input);
      },
    },
    outbound: {
      getLogAttributes: (input, next) => next(requestId === undefined ? input : { ...input, request_id: requestId }),
    },
  };
}

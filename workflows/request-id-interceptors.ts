// The API request that started a workflow (memo `request_id`, set by api/deps.ts) follows
// its work: on the workflow's own log lines, in the header of every activity it schedules
// (workers/request-id.ts puts it on the activity's log lines) and in a child workflow's memo.
import { defaultPayloadConverter, type Headers } from '@temporalio/common';
import { workflowInfo, type WorkflowInterceptors } from '@temporalio/workflow';

/** The activity header that carries the request id. */
export const REQUEST_ID_HEADER = 'holdline-request-id';

function requestId(): string | undefined {
  const id = workflowInfo().memo?.request_id;
  return typeof id === 'string' ? id : undefined;
}

const withHeader = (headers: Headers, id: string | undefined): Headers =>
  id === undefined ? headers : { ...headers, [REQUEST_ID_HEADER]: defaultPayloadConverter.toPayload(id) };

export const interceptors = (): WorkflowInterceptors => ({
  outbound: [
    {
      scheduleActivity: (input, next) => next({ ...input, headers: withHeader(input.headers, requestId()) }),
      scheduleLocalActivity: (input, next) => next({ ...input, headers: withHeader(input.headers, requestId()) }),
      startChildWorkflowExecution: (input, next) => {
        const id = requestId();
        return next(id === undefined ? input : { ...input, options: { ...input.options, memo: { ...input.options.memo, request_id: id } } });
      },
      getLogAttributes: (input, next) => {
        const id = requestId();
        return next(id === undefined ? input : { ...input, request_id: id });
      },
    },
  ],
});

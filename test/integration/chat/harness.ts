import OpenAI from 'openai';
import { startScriptedUpstream, type ScriptedUpstream, type Turn } from '../../scripted-upstream/server';
import { startService, type Service, type ServiceOptions } from '../helpers/service';

export interface ChatHarness {
  service: Service;
  upstream: ScriptedUpstream;
  /** Requests that left the client, counted by the client's own fetch. */
  sent: { count: number };
  client(apiKey: string, options?: { maxRetries?: number }): OpenAI;
  newKey(): Promise<{ accountId: string; apiKey: string }>;
  stop(): Promise<void>;
}

/** A scripted upstream and the service (API + workers in-process) wired to it. */
export async function startChatHarness(options: { env?: Record<string, string>; inProcessWorkers?: boolean } = {}): Promise<ChatHarness> {
  const upstream = await startScriptedUpstream({ modelId: 'base-model' });
  const serviceOptions: ServiceOptions = {
    env: {
      MODEL_BASE_URL: upstream.baseUrl,
      MODEL_API_KEY: 'upstream-key',
      MODEL_BASE_NAME: 'base-model',
      HOLDLINE_UPSTREAM_HEALTH_TTL_MS: '0',
      HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*',
      ...options.env,
    },
  };
  if (options.inProcessWorkers !== undefined) serviceOptions.inProcessWorkers = options.inProcessWorkers;
  const service = await startService(serviceOptions);
  const sent = { count: 0 };
  const countingFetch: typeof fetch = (input, init) => {
    sent.count += 1;
    return fetch(input, init);
  };
  return {
    service,
    upstream,
    sent,
    client: (apiKey, clientOptions = {}) =>
      new OpenAI({
        baseURL: `${service.apiUrl}/v1`,
        apiKey,
        fetch: countingFetch,
        ...(clientOptions.maxRetries !== undefined ? { maxRetries: clientOptions.maxRetries } : {}),
      }),
    newKey: () => service.createAccount(),
    async stop() {
      await service.stop();
      await upstream.close();
    },
  };
}

/** The three upstream turns of a call that needs no tools: plan, answer, approval. */
export function simpleCall(answer: string, extra: { plan?: Partial<Turn>; act?: Partial<Turn>; check?: Partial<Turn> } = {}): Turn[] {
  return [
    { content: '1. answer directly', usage: { prompt_tokens: 100, completion_tokens: 10 }, ...extra.plan },
    { content: answer, usage: { prompt_tokens: 200, completion_tokens: 20 }, ...extra.act },
    { content: 'APPROVE: correct', usage: { prompt_tokens: 300, completion_tokens: 5 }, ...extra.check },
  ];
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type HistoryEvent = NonNullable<Awaited<ReturnType<import('@temporalio/client').WorkflowHandle['fetchHistory']>>['events']>[number];

/**
 * The activities of a workflow history in order: task-queue activities by name as scheduled,
 * local activities as `local:<name>` from their markers (one per completed local activity).
 */
export function activitiesInHistory(events: HistoryEvent[]): string[] {
  return events.flatMap((e) => {
    if (e.activityTaskScheduledEventAttributes) return [e.activityTaskScheduledEventAttributes.activityType?.name ?? '?'];
    const marker = e.markerRecordedEventAttributes;
    if (marker?.markerName !== 'core_local_activity') return [];
    const data = marker.details?.data?.payloads?.[0]?.data;
    const parsed = data ? (JSON.parse(Buffer.from(data).toString('utf8')) as { activity_type?: string }) : {};
    return [`local:${parsed.activity_type ?? '?'}`];
  });
}

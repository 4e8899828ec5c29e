// Plain data passed between the API and the chat workflow.

import type { ChatRunResult } from '../core/chat/completion';

export interface ChatWorkflowInput {
  callId: string;
  /** Model steps allowed, plan and check included (config `chatMaxSteps`). */
  maxSteps: number;
  /** Wall time allowed before the agents are asked for their best answer (config `chatTimeLimitMs`). */
  timeLimitMs: number;
}

export type ChatWorkflowResult = ChatRunResult;

export interface ChatProgress {
  steps: number;
  toolsUsed: string[];
  phase: 'working' | 'finishing' | 'done';
}

/**
 * The chat workflow's task timeout, set by whoever starts it (the API). Model steps run as
 * local activities inside one open workflow task that the worker renews at ~80% of this
 * timeout: a client's cancel is seen, and a dead worker's step moves to another worker,
 * within about this long.
 */
export const CHAT_WORKFLOW_TASK_TIMEOUT = '2 seconds';

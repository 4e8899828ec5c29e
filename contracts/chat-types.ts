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

// What the banners of `npm run up` and `npm run rehearse` say about the model.

import type { Env } from './env';
import { MODEL_FIX_HINT } from './model';

/**
 * A banner's model line (`npm run up`, `npm run rehearse`): which model where, or that there
 * is none and why, with what fixes it. `env` is what the API was given; `fallback` the
 * caller's own environment.
 */
export function modelBannerLine(stack: { env: Record<string, string>; modelUnavailable: string | undefined }, fallback: Env = process.env): string {
  if (stack.modelUnavailable) return `unavailable: ${stack.modelUnavailable.slice(0, 300)}\n                 (${MODEL_FIX_HINT})`;
  const url = stack.env.MODEL_BASE_URL ?? fallback.MODEL_BASE_URL;
  if (url === 'off') return 'none (MODEL_BASE_URL=off): chat answers 503 model_unavailable';
  if (url === undefined || url === '') return `none: chat answers 503 model_unavailable (${MODEL_FIX_HINT})`;
  return `${stack.env.MODEL_BASE_NAME ?? fallback.MODEL_BASE_NAME ?? "the server's own model"} at ${url}`;
}

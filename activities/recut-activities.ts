// The recut workflow's activities: the model's proposal, the rules' proposal, the render
// and the bookkeeping. Each reads what it needs from MongoDB by recut id and writes under
// deterministic ids, so a retry on another worker repeats nothing.

import { isDuplicateKey } from '../store/duplicate-key';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from '../core/media-limits';
import { storedTitle } from '../core/title';
import {
  compareReads,
  keptRanges,
  proposeByRules,
  recutPrompt,
  snapToFrames,
  snapToSpeechGaps,
  dropTechnicalCues,
  cuesInWords,
  type PromptRetry,
  type Proposal,
  type ReadFigures,
} from '../core/recut';
import type { ScanRead } from '../core/wire/read';
import { MIN_SEGMENT_SEC } from '../core/wire/constants';
import type { MediaStore } from '../store/media';
import { scanMedia } from '../store/scan-media';
import type { RecutDoc, RecutProposalFields, RecutsStore, RecutStage } from '../store/recuts';
import type { ScansStore } from '../store/scans';
import type { ScanDoc } from '../store/scan-docs';
import type { UsageStore } from '../store/usage';
import type { LocalMediaCache } from './media/local-cache';
import { heartbeating as heartbeatingEvery } from './heartbeat';
import { BadMediaError } from './media/errors';
import { guardRefusal } from './media/failures';
import { renderArgs } from './media/ffmpeg-args';
import type { probeMedia as ProbeMedia } from './media/probe';
import { runProcess } from './media/process';
import { UpstreamRejectedError, type ModelClient } from './chat/model-client';
import { FailureType } from '../contracts/names';

/** What a customer reads when ffmpeg fails on a render for a reason that is not one of our input limits. */
export const RENDER_FAILED_DETAIL = 'The recut could not be rendered: this video could not be cut and re-encoded.';

export interface RecutActivityDeps {
  recuts: Pick<RecutsStore, 'get' | 'advance' | 'complete' | 'fail'>;
  scans: Pick<ScansStore, 'get' | 'insertQueued'>;
  media: Pick<MediaStore, 'media' | 'put'>;
  mediaCache: Pick<LocalMediaCache, 'get'>;
  /** Gives back the scan unit a recut took at submit when it fails before its re-scan ran. */
  usage: Pick<UsageStore, 'giveBack'>;
  probe: typeof ProbeMedia;
  /** The input guards' pixel limit and the size limits a refusal names, as for scans. Default DEFAULT_MEDIA_LIMITS. */
  mediaLimits?: MediaLimits;
  model: ModelClient;
  /** The upstream model the proposal step asks (the chat interface's base model). */
  modelName: string;
  scratchDir: string;
  ffmpegPath?: string;
  ffprobePath?: string;
}

export type RecutActivities = ReturnType<typeof createRecutActivities>;

export function createRecutActivities(deps: RecutActivityDeps) {
  const { recuts, scans, media } = deps;

  async function loadRecut(recutId: string): Promise<RecutDoc> {
    const doc = await recuts.get(recutId);
    if (!doc) throw ApplicationFailure.nonRetryable(`recut ${recutId} does not exist`, FailureType.RecutMissing);
    return doc;
  }

  async function loadRead(scanId: string): Promise<ScanDoc & ScanRead> {
    const doc = await scans.get(scanId);
    if (!doc || doc.status !== 'complete' || !doc.timeline) throw ApplicationFailure.nonRetryable(`scan ${scanId} is not complete`, FailureType.RecutMissing);
    return doc as ScanDoc & ScanRead;
  }

  const heartbeating = <T>(work: () => Promise<T>) => heartbeatingEvery(3_000, work);

  const request = (recut: RecutDoc) => ({ goal: recut.goal, maxSeconds: recut.max_seconds });

  return {
    async noteRecutStage({ recutId, stage, pct }: { recutId: string; stage: RecutStage; pct: number }): Promise<void> {
      await recuts.advance(recutId, stage, pct);
    },

    /** One model step with the parent's read as context; returns the raw answer for the workflow to check. */
    async askModelForRecut({ recutId, retry }: { recutId: string; retry?: PromptRetry }): Promise<{ content: string; baseModel: string }> {
      const recut = await loadRecut(recutId);
      const read = await loadRead(recut.parent_scan_id);
      const messages = recutPrompt(read, request(recut), retry);
      const reply = await heartbeating(async () => {
        try {
          return await deps.model.complete({ model: deps.modelName, messages, signal: Context.current().cancellationSignal });
        } catch (error) {
          if (error instanceof UpstreamRejectedError) throw ApplicationFailure.nonRetryable(error.message, FailureType.UpstreamRejected);
          throw error;
        }
      });
      return { content: reply.content, baseModel: deps.modelName };
    },

    async proposeRecutByRules({ recutId, why }: { recutId: string; why: string }): Promise<Proposal> {
      const recut = await loadRecut(recutId);
      const read = await loadRead(recut.parent_scan_id);
      const proposal = proposeByRules(read, request(recut));
      return { segments: proposal.segments, rationale: `${proposal.rationale} (${why})` };
    },

    /**
     * Stores the proposal with its cut points moved into the pauses between words
     * (`snapToSpeechGaps`): a model answers in seconds with no regard for words, and a
     * cut inside a word clips it. The technical cues nobody speaks over (colour bars, black
     * frames, slates) are then left out at their own edges (`dropTechnicalCues`), whoever
     * proposed keeping them. The rationale then names what was cut and the ranges kept.
     */
    async recordRecutProposal({ recutId, proposal }: { recutId: string; proposal: RecutProposalFields }): Promise<void> {
      const recut = await loadRecut(recutId);
      const read = await loadRead(recut.parent_scan_id);
      const gaps = snapToSpeechGaps(proposal.segments, read.transcript ?? [], read.duration_sec).filter((s) => s.end - s.start >= MIN_SEGMENT_SEC);
      const { segments: snapped, dropped } = dropTechnicalCues(gaps, read.technical_cues ?? [], read.transcript ?? []);
      const moved = snapped.length > 0 && JSON.stringify(snapped) !== JSON.stringify(proposal.segments);
      const why = dropped.length > 0 ? `Left out ${cuesInWords(dropped)}; kept` : 'Cut points moved into the pauses between words';
      await recuts.advance(
        recutId,
        'render',
        20,
        moved ? { ...proposal, segments: snapped, rationale: `${proposal.rationale} ${why}: ${keptRanges(snapped)}.` } : proposal,
      );
    },

    /**
     * Cuts and joins the kept segments of the parent's media (frame-accurate, re-encoded),
     * stores the result like an upload under the re-scan's id and queues that scan's document.
     */
    async renderRecut({ recutId }: { recutId: string }): Promise<{ bytes: number }> {
      const recut = await loadRecut(recutId);
      if (!recut.segments || recut.segments.length === 0) throw ApplicationFailure.nonRetryable(`recut ${recutId} has no proposal`, FailureType.RecutMissing);
      const parent = await scans.get(recut.parent_scan_id);
      if (!parent) throw ApplicationFailure.nonRetryable(`scan ${recut.parent_scan_id} does not exist`, FailureType.RecutMissing);
      const info = Context.current().info;
      const dir = join(deps.scratchDir, `${recutId}-render-${info.attempt}`);
      await mkdir(dir, { recursive: true });
      const limits = deps.mediaLimits ?? DEFAULT_MEDIA_LIMITS;
      try {
        const bytes = await heartbeating(async () => {
          const signal = Context.current().cancellationSignal;
          const input = await deps.mediaCache.get(recut.parent_scan_id, signal);
          // The probe runs with the scan side's guards and gives the frame rate, so no unguarded ffprobe runs here.
          const probed = await refusedAsRenderFailure(() =>
            deps.probe(input, { signal, limits, ...(deps.ffprobePath ? { ffprobePath: deps.ffprobePath } : {}) }),
          );
          const output = join(dir, 'recut.mp4');
          const args = renderArgs({
            input,
            output,
            segments: snapToFrames(recut.segments!, probed.fps),
            hasVideo: probed.hasVideo,
            hasAudio: probed.hasAudio,
            limits,
          });
          const result = await runProcess(deps.ffmpegPath ?? 'ffmpeg', args, { signal });
          if (result.exitCode !== 0) {
            // ffmpeg's words (paths, versions, internals) go to the worker's log only.
            Context.current().log.warn('recut render failed', { recutId, exitCode: result.exitCode, stderr: result.stderrTail });
            const refusal = guardRefusal(result.stderrTail, limits);
            throw ApplicationFailure.nonRetryable(
              refusal ? `The recut could not be rendered. ${refusal.message}` : RENDER_FAILED_DETAIL,
              FailureType.RenderFailed,
            );
          }
          if ((await stat(output)).size === 0) throw ApplicationFailure.nonRetryable(RENDER_FAILED_DETAIL, FailureType.RenderFailed);
          return scanMedia(media, recut.scan_id).put(createReadStream(output), { filename: 'recut.mp4', contentType: 'video/mp4' });
        });
        // The re-scan's document, linked to its parent and recut; a retry finds it already there.
        const child = {
          scan_id: recut.scan_id,
          account_id: recut.account_id,
          title: storedTitle(`${parent.title ?? 'Untitled'} (recut)`),
          source: { type: 'upload' as const, filename: 'recut.mp4' },
          priority: parent.priority,
          created_at: new Date(),
          parent_scan_id: recut.parent_scan_id,
          recut_id: recutId,
        };
        try {
          await scans.insertQueued(child);
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        await recuts.advance(recutId, 'rescan', 40);
        return { bytes };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    /** The parent's and the re-scan's figures, written to the recut, which completes. */
    async compareRecut({ recutId }: { recutId: string }): Promise<{ before: ReadFigures; after: ReadFigures }> {
      const recut = await loadRecut(recutId);
      const [before, after] = await Promise.all([loadRead(recut.parent_scan_id), loadRead(recut.scan_id)]);
      const figures = compareReads(before, after);
      await recuts.complete(recutId, figures);
      return figures;
    },

    /**
     * Ends the recut in error. With `giveBackUnit` (it failed before its re-scan ran) the
     * scan unit taken at submit goes back to the month it was taken in, once: only the
     * call that ended the recut gives it (a retry after a failed give-back gives nothing,
     * so a unit is never returned twice).
     */
    async failRecut({ recutId, detail, giveBackUnit = false }: { recutId: string; detail: string; giveBackUnit?: boolean }): Promise<void> {
      const ended = await recuts.fail(recutId, detail);
      if (!ended || !giveBackUnit) return;
      const recut = await recuts.get(recutId);
      if (recut) await deps.usage.giveBack(recut.account_id, 'scans', recut.created_at);
    },
  };
}

/** A probe refusal (a limit, a format) as the render's own non-retryable failure, in the probe's words (ours). */
async function refusedAsRenderFailure<T>(probe: () => Promise<T>): Promise<T> {
  try {
    return await probe();
  } catch (error) {
    if (error instanceof BadMediaError) throw ApplicationFailure.nonRetryable(`The recut could not be rendered. ${error.message}`, FailureType.RenderFailed);
    throw error;
  }
}

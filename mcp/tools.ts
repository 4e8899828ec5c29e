// The MCP tools of Holdline: each maps its arguments to calls of the signal
// interface and the answer to a tool result (a short text summary, the JSON as
// a text block and as `structuredContent`). API errors become `isError`
// results carrying the service's `detail`; nothing here throws to the caller.

import { z } from 'zod';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { EXPORT_FORMATS, RECUT_EXPORT_FORMATS } from '../core/exports';
import { MAX_RETENTION_DAYS } from '../core/retention';
import {
  HoldlineError,
  untilTimeout,
  type CompleteScan,
  type Holdline,
  type InFlightScan,
  type LibraryPage,
  type QueuedScan,
  type Recut,
  type RetentionSetting,
  type Scan,
  type ScanPage,
  type SignalsReference,
} from '../clients/js/src/index';
import { LocalFileRefused, resolveLocalFile, type LocalFiles } from './local-files';
import {
  compactScan,
  scanLinks,
  scanOutputShape,
  exportOutputShape,
  exportUri,
  recutExportOutputShape,
  recutExportUri,
  EXPORT_INLINE_MAX_CHARS,
  type ScanLinks,
} from './results';

/**
 * How long a scan tool waits for the scan by default, in seconds. Kept under
 * the 60 s request timeout common to MCP clients, so the caller always gets the
 * scan id back (with the in-flight state) rather than a client-side timeout.
 */
export const DEFAULT_WAIT_SEC = 50;
export const MAX_WAIT_SEC = 3600;

export interface ToolContext {
  /** Aborted when the MCP client cancels the call. */
  signal: AbortSignal;
  /** Which local files scan_file may read (mcp/local-files.ts); absent, it reads none. */
  files?: LocalFiles;
  /** Reports scan progress (0–100) to the client, when it asked for progress. */
  progress?: (pct: number, message: string) => Promise<void>;
}

export interface HoldlineTool {
  name: string;
  title: string;
  description: string;
  /** Usable without an API key. */
  keyless: boolean;
  inputSchema: z.ZodRawShape;
  /** Declared shape of `structuredContent` (tools without one return untyped JSON). */
  outputSchema?: z.ZodRawShape;
  annotations: ToolAnnotations;
  run(client: Holdline, args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult>;
}

const title = z.string().trim().min(1).max(200).optional().describe('Title shown on the scan (and in the library if it is published).');
const webhookUrl = z
  .string()
  .url()
  .max(2048)
  .optional()
  .describe(
    'Public http(s) URL that receives a signed scan.completed or scan.failed event when the scan ends (Standard Webhooks; the secret is on the account page).',
  );
const wait = z.boolean().default(true).describe('Wait for the scan to finish (default true); false returns the queued scan id at once.');
const timeoutSec = z
  .number()
  .int()
  .min(1)
  .max(MAX_WAIT_SEC)
  .default(DEFAULT_WAIT_SEC)
  .describe(`Seconds to wait when wait is true (default ${DEFAULT_WAIT_SEC}). The scan keeps running afterwards; read it later with get_scan.`);
const limit = z.number().int().min(1).max(100).optional().describe('Page size, 1–100 (default 20).');
const offset = z.number().int().min(0).optional().describe('Entries to skip (default 0).');

const detail = z
  .enum(['compact', 'full'])
  .default('compact')
  .describe(
    'compact (default): summary, score, grade, hook, cuts, dead stretches, moments and claims, with links to the per-second timeline and transcript resources; full: the whole scan, timeline and transcript included (large for long videos).',
  );
const scanUrlArgs = z.object({
  url: z.string().url().describe('Public http(s) URL of a video file.'),
  title,
  webhook_url: webhookUrl,
  wait,
  timeout_sec: timeoutSec,
  detail,
});
const scanFileArgs = z.object({
  path: z.string().min(1).describe('Path of a local video file (at most 400 MB).'),
  title,
  webhook_url: webhookUrl,
  wait,
  timeout_sec: timeoutSec,
  detail,
});
const scanIdField = z.string().min(1).max(64).describe('A scan id, scn_…');
const getScanArgs = z.object({ scan_id: scanIdField, detail });
const demoArgs = z.object({ detail });
const deleteArgs = z.object({ scan_id: scanIdField });
const exportArgs = z.object({
  scan_id: scanIdField,
  format: z
    .enum(EXPORT_FORMATS)
    .describe(
      'srt or vtt: subtitles from the transcript; csv: the per-second series; edl: CMX3600 cut list with cut and dead-stretch markers; chapters: YouTube chapter lines; json: the whole scan; otio (OpenTimelineIO), fcpxml (Final Cut Pro, Resolve, Premiere) or markers.csv (Resolve marker list): an editor timeline at the source frame rate, clips between cuts, markers for cuts, dead stretches, dips (advice as the note), moments (quote) and claims.',
    ),
});
const pageArgs = z.object({ limit, offset });
const recutIdField = z.string().min(1).max(64).describe('A recut id, rct_…');
const recutIdArgs = z.object({ recut_id: recutIdField });
const recutExportArgs = z.object({
  recut_id: recutIdField,
  format: z
    .enum(RECUT_EXPORT_FORMATS)
    .describe(
      "edl: CMX3600 cut list, one event per kept segment, from 01:00:00:00; otio (OpenTimelineIO), fcpxml (Final Cut Pro, Resolve) or markers.csv (Resolve marker list): an editor timeline of the kept segments on the source (the parent scan's video) at its frame rate, picture and sound, with the parent read's markers inside them.",
    ),
});
const recutArgs = z.object({
  scan_id: z.string().min(1).max(64).describe('A complete scan of yours, scn_…'),
  goal: z.string().trim().min(1).max(500).optional().describe('What the cut is for, e.g. "cut to under 60 s for Shorts".'),
  max_seconds: z.number().min(1).max(86_400).optional().describe('Longest the recut may be, in seconds.'),
  wait,
  timeout_sec: timeoutSec,
});

const retentionArgs = z.object({
  media_retention_days: z
    .number()
    .int()
    .min(0)
    .max(MAX_RETENTION_DAYS)
    .nullable()
    .optional()
    .describe(
      `To change it: days after which each video is removed (the read stays), 0 to ${MAX_RETENTION_DAYS}; 0 keeps videos for good; null follows the server default. Left out: unchanged.`,
    ),
  include_published: z.boolean().optional().describe("To change it: whether published scans' videos are removed too. Left out: unchanged."),
});

export const holdlineTools: HoldlineTool[] = [
  {
    name: 'scan_url',
    title: 'Scan a video by URL',
    description:
      'Submit a public video URL to Holdline and (by default) wait for the per-second read: hold, motion, loudness and speech series, cuts, dead stretches, peak moments, claims, transcript, score, grade and summary. The series are proxies computed from the file, not a measurement of viewers.',
    keyless: false,
    inputSchema: scanUrlArgs.shape,
    outputSchema: scanOutputShape,
    annotations: { readOnlyHint: false, openWorldHint: true },
    run: (client, args, context) => {
      const input = scanUrlArgs.parse(args);
      return submitAndWait(
        client,
        () => client.scans.create({ url: input.url, title: input.title, webhookUrl: input.webhook_url, signal: context.signal }),
        input,
        context,
      );
    },
  },
  {
    name: 'scan_file',
    title: 'Scan a local video file',
    description:
      'Upload a local video file to Holdline and (by default) wait for the per-second read (same result as scan_url). The file is streamed from disk; at most 400 MB.',
    keyless: false,
    inputSchema: scanFileArgs.shape,
    outputSchema: scanOutputShape,
    annotations: { readOnlyHint: false, openWorldHint: true },
    run: async (client, args, context) => {
      const input = scanFileArgs.parse(args);
      if (!context.files) throw new LocalFileRefused(input.path);
      const path = await resolveLocalFile(context.files, input.path);
      return submitAndWait(
        client,
        () => client.scans.create({ file: path, title: input.title, webhookUrl: input.webhook_url, signal: context.signal }),
        input,
        context,
      );
    },
  },
  {
    name: 'get_scan',
    title: 'Get a scan',
    description:
      'Read one of your scans by id: its progress while queued or processing, the read once complete (compact by default, with links to the timeline and transcript resources; detail "full" for everything), the reason when it failed.',
    keyless: false,
    inputSchema: getScanArgs.shape,
    outputSchema: scanOutputShape,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (client, args, context) => {
      const input = getScanArgs.parse(args);
      return scanResult(await client.scans.get(input.scan_id, { signal: context.signal }), { detail: input.detail, baseUrl: client.baseUrl });
    },
  },
  {
    name: 'export_scan',
    title: 'Export a scan',
    description:
      'A complete scan as a file: srt/vtt subtitles, csv of the per-second series, a CMX3600 edl cut list, YouTube chapter lines, the scan as json, or an editor timeline with the read as markers (otio, fcpxml, markers.csv). Small files come inline as an embedded resource, large ones as a resource link to read.',
    keyless: false,
    inputSchema: exportArgs.shape,
    outputSchema: exportOutputShape,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (client, args, context) => {
      const input = exportArgs.parse(args);
      const file = await client.scans.export(input.scan_id, input.format, { signal: context.signal });
      return exportResult(input.scan_id, input.format, file);
    },
  },
  {
    name: 'list_scans',
    title: 'List your scans',
    description: 'Your scan history, most recent first, with status and, once complete, score, grade, label and duration.',
    keyless: false,
    inputSchema: pageArgs.shape,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (client, args, context) => historyResult(await client.scans.list({ ...pageArgs.parse(args), signal: context.signal })),
  },
  {
    name: 'recut_scan',
    title: 'Recut a scan (Agents plan)',
    description:
      'Ask the recut agent for a tighter cut of one of your complete scans: it proposes the segments to keep (the model, or rules when the model is unavailable), renders them, re-scans the result (one scan of your quota) and compares score, grade, hook, dead seconds, duration and average hold before and after. Agents plan only.',
    keyless: false,
    inputSchema: recutArgs.shape,
    annotations: { readOnlyHint: false, openWorldHint: false },
    run: async (client, args, context) => {
      const input = recutArgs.parse(args);
      const queued = await client.recuts.create(input.scan_id, { goal: input.goal, maxSeconds: input.max_seconds, signal: context.signal });
      if (!input.wait) return recutResult({ recut_id: queued.recut_id, status: 'queued', pct: 0, stage: 'queued' });
      let reported = -1;
      const recut = await untilTimeout<Recut>(() =>
        client.recuts.wait(queued.recut_id, {
          timeoutMs: input.timeout_sec * 1000,
          signal: context.signal,
          onProgress: async (state) => {
            if (state.pct <= reported) return;
            reported = state.pct;
            await context.progress?.(state.pct, `${queued.recut_id} ${state.status} ${state.pct}%`);
          },
        }),
      );
      return recutResult(recut, { waitedSec: input.timeout_sec });
    },
  },
  {
    name: 'get_recut',
    title: 'Get a recut',
    description:
      'Read one of your recuts by id: its stage and progress while running, the kept segments and before/after figures once complete, the reason when it failed.',
    keyless: false,
    inputSchema: recutIdArgs.shape,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (client, args, context) => recutResult(await client.recuts.get(recutIdArgs.parse(args).recut_id, { signal: context.signal })),
  },
  {
    name: 'export_recut',
    title: 'Export a recut as a cut list',
    description:
      "A complete recut's cut list on its source (the parent scan's video), to open in an editor: a CMX3600 edl, an OpenTimelineIO otio, an fcpxml or a Resolve markers.csv. One clip per kept segment, laid end to end, with the parent read's markers. Small files come inline as an embedded resource, large ones as a resource link to read.",
    keyless: false,
    inputSchema: recutExportArgs.shape,
    outputSchema: recutExportOutputShape,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (client, args, context) => {
      const input = recutExportArgs.parse(args);
      const file = await client.recuts.export(input.recut_id, input.format, { signal: context.signal });
      return recutExportResult(input.recut_id, input.format, file);
    },
  },
  {
    name: 'delete_scan',
    title: 'Delete a scan',
    description:
      'Delete one of your scans for good: its video, decoded audio, read and recuts (with their re-scans). A scan still running is stopped first. It cannot be undone; a second call for the same id answers that there is no such scan.',
    keyless: false,
    inputSchema: deleteArgs.shape,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: async (client, args, context) => {
      const deleted = await client.scans.delete(deleteArgs.parse(args).scan_id, { signal: context.signal });
      const text =
        deleted.status === 'deleted'
          ? `${deleted.scan_id} deleted: nothing of it is left.`
          : `${deleted.scan_id} is being deleted: it is gone from every read already and the rest follows.`;
      return { content: [{ type: 'text', text }], structuredContent: deleted };
    },
  },
  {
    name: 'media_retention',
    title: 'Media retention',
    description:
      'How long your videos are kept before they are removed (the reads, exports and history always stay): your setting, the server default and what is in force. Give media_retention_days and/or include_published to change it; what is left out stays as it is. Without arguments it only reads.',
    keyless: false,
    inputSchema: retentionArgs.shape,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: async (client, args, context) => {
      const input = retentionArgs.parse(args);
      const now = await client.account.retention({ signal: context.signal });
      if (input.media_retention_days === undefined && input.include_published === undefined) return retentionResult(now);
      const set = await client.account.setRetention({
        mediaRetentionDays: input.media_retention_days === undefined ? now.media_retention_days : input.media_retention_days,
        includePublished: input.include_published ?? now.include_published,
        signal: context.signal,
      });
      return retentionResult(set);
    },
  },
  {
    name: 'demo_scan',
    title: 'Demo scan',
    description:
      'A real complete scan featured by the operator, to see what a read looks like (compact by default; detail "full" for everything). No key needed.',
    keyless: true,
    inputSchema: demoArgs.shape,
    outputSchema: scanOutputShape,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (client, args, context) =>
      scanResult(await client.demo({ signal: context.signal }), { detail: demoArgs.parse(args).detail, baseUrl: client.baseUrl }),
  },
  {
    name: 'library',
    title: 'Public library',
    description: 'Published scans of the public library, newest first: title, score, grade, label, duration and link. No key needed.',
    keyless: true,
    inputSchema: pageArgs.shape,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (client, args, context) => libraryResult(await client.library.list({ ...pageArgs.parse(args), signal: context.signal }), client.baseUrl),
  },
  {
    name: 'signals_reference',
    title: 'Signal reference',
    description: 'What each series (hold, motion, loudness, speech) reads, when it rises and falls, the floor, the dead-stretch rule and the full method text.',
    keyless: false,
    inputSchema: {},
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (client, _args, context) => signalsResult(await client.signals({ signal: context.signal })),
  },
];

/**
 * The tools a server offers: all of them with a key, only the keyless ones
 * without. `files` null (HTTP without a shared folder): no scan_file at all;
 * a shared folder: scan_file says that it reads only there.
 */
export function toolsFor(hasKey: boolean, files: LocalFiles | null, tools: HoldlineTool[] = holdlineTools): HoldlineTool[] {
  const offered = hasKey ? tools : tools.filter((tool) => tool.keyless);
  return offered.flatMap((tool) => {
    if (tool.name !== 'scan_file' || files?.kind === 'any') return [tool];
    if (!files) return [];
    return [{ ...tool, description: SHARED_FOLDER_SCAN_FILE, inputSchema: { ...tool.inputSchema, path: sharedPath } }];
  });
}

const SHARED_FOLDER_SCAN_FILE =
  'Upload a video file from the folder this server shares and (by default) wait for the per-second read (same result as scan_url). ' +
  'Only files inside that folder can be read; at most 400 MB.';
const sharedPath = z.string().min(1).max(4096).describe('Path of a video file inside the folder this server shares, relative to it (or absolute, inside it).');

/** Runs a tool; any failure becomes an `isError` result, never a thrown error. */
export async function runTool(tool: HoldlineTool, client: Holdline, args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult> {
  try {
    return await tool.run(client, args, context);
  } catch (error) {
    return errorResult(error);
  }
}

async function submitAndWait(
  client: Holdline,
  submit: () => Promise<QueuedScan>,
  input: { wait: boolean; timeout_sec: number; detail: 'compact' | 'full' },
  context: ToolContext,
): Promise<CallToolResult> {
  const queued = await submit();
  if (!input.wait) return scanResult(queued, { baseUrl: client.baseUrl });
  // MCP progress must increase with each notification, so only a rise is sent.
  let reported = -1;
  const scan = await untilTimeout<Scan>(() =>
    client.scans.wait(queued.scan_id, {
      timeoutMs: input.timeout_sec * 1000,
      signal: context.signal,
      onProgress: async (state: InFlightScan) => {
        if (state.pct <= reported) return;
        reported = state.pct;
        await context.progress?.(state.pct, `${state.scan_id} ${state.status} ${state.pct}%`);
      },
    }),
  );
  return scanResult(scan, { waitedSec: input.timeout_sec, detail: input.detail, baseUrl: client.baseUrl });
}

export interface ScanResultOptions {
  /** Seconds waited, when the tool waited and the scan is still running. */
  waitedSec?: number;
  /** compact (default) or the whole scan. */
  detail?: 'compact' | 'full';
  /** The service's base URL, to make the media link absolute. */
  baseUrl?: string;
}

/**
 * A scan in any state as a tool result: one short text, resource links to the
 * timeline and transcript once complete, and the scan once, as
 * `structuredContent` (compact unless `detail` is "full"). A scan that ended
 * in error is an error result.
 */
export function scanResult(scan: Scan | QueuedScan, options: ScanResultOptions = {}): CallToolResult {
  switch (scan.status) {
    case 'complete': {
      const links = scanLinks(scan.scan_id, options.baseUrl, scan.media_url === null);
      const data =
        options.detail === 'full'
          ? { ...scan, media_url: links.media_url, timeline_uri: links.timeline_uri, transcript_uri: links.transcript_uri }
          : compactScan(scan, links);
      return {
        content: [{ type: 'text', text: completeText(scan, links, options.detail ?? 'compact') }, ...resourceLinks(scan, links)],
        structuredContent: data as unknown as Record<string, unknown>,
      };
    }
    case 'error':
      return structured(`Scan ${scan.scan_id} failed: ${scan.detail}`, scan, true);
    default: {
      const state = `Scan ${scan.scan_id} is ${scan.status} (${scan.pct}%).`;
      const next =
        options.waitedSec === undefined
          ? ` Read it with get_scan {"scan_id": "${scan.scan_id}"}.`
          : ` Still running after waiting ${options.waitedSec} s; read it later with get_scan {"scan_id": "${scan.scan_id}"}.`;
      return structured(state + next, scan);
    }
  }
}

/** How many dead stretches the text names before it says "and N more". */
const TEXT_DEAD_MAX = 8;

function completeText(scan: CompleteScan, links: ScanLinks, detail: 'compact' | 'full'): string {
  const shown = scan.dead.slice(0, TEXT_DEAD_MAX).map((stretch) => `${stretch.start}–${stretch.end} s`);
  if (scan.dead.length > TEXT_DEAD_MAX) shown.push(`and ${scan.dead.length - TEXT_DEAD_MAX} more`);
  const dead = shown.join(', ');
  const lines = [
    `Scan ${scan.scan_id} complete: score ${scan.score}, grade ${scan.grade} (${scan.label}), ${scan.duration_sec} s, hook ${scan.hook}.`,
    `${count(scan.cuts.length, 'cut')}, ${count(scan.dead.length, 'dead stretch', 'dead stretches')}${dead ? ` (${dead})` : ''}, ` +
      `${count(scan.moments.length, 'peak moment')}${scan.moments.length ? ` (at ${scan.moments.map((m) => `${m.second} s`).join(', ')})` : ''}, ` +
      `${count(scan.claims.length, 'claim')}, ${count(scan.transcript.length, 'transcript segment')}.`,
    scan.summary,
  ];
  if (detail === 'compact') {
    lines.push(
      `Per-second timeline: ${links.timeline_uri}; transcript: ${links.transcript_uri} (MCP resources), or get_scan with detail "full"; files with export_scan.`,
    );
  }
  return lines.join('\n');
}

function resourceLinks(scan: CompleteScan, links: ScanLinks): CallToolResult['content'] {
  return [
    {
      type: 'resource_link',
      uri: links.timeline_uri,
      name: `${scan.scan_id} timeline`,
      mimeType: 'application/json',
      description: `Per-second hold, motion, loudness and speech, ${scan.timeline.length} entries.`,
    },
    {
      type: 'resource_link',
      uri: links.transcript_uri,
      name: `${scan.scan_id} transcript`,
      mimeType: 'application/json',
      description: `Transcript, ${count(scan.transcript.length, 'segment')} with start and end seconds.`,
    },
  ];
}

type ExportedFile = { body: string; contentType: string; filename: string };

/** A scan's export as a tool result: inline (embedded resource) when small, else a link to the export resource. */
export function exportResult(scanId: string, format: string, file: ExportedFile): CallToolResult {
  return fileResult({ scan_id: scanId }, scanId, exportUri(scanId, format), format, file);
}

/** A recut's cut list as a tool result, as `exportResult`: inline when small, else a link to the recut export resource. */
export function recutExportResult(recutId: string, format: string, file: ExportedFile): CallToolResult {
  return fileResult({ recut_id: recutId }, recutId, recutExportUri(recutId, format), format, file);
}

function fileResult(subject: { scan_id: string } | { recut_id: string }, id: string, uri: string, format: string, file: ExportedFile): CallToolResult {
  const mimeType = file.contentType.split(';')[0]!.trim();
  const bytes = new TextEncoder().encode(file.body).length;
  const embedded = file.body.length <= EXPORT_INLINE_MAX_CHARS;
  const text = embedded
    ? `Export ${format} of ${id}: ${file.filename}, ${bytes} bytes, inline below.`
    : `Export ${format} of ${id}: ${file.filename}, ${bytes} bytes; too large to inline, read the resource ${uri}.`;
  return {
    content: [
      { type: 'text', text },
      embedded
        ? { type: 'resource', resource: { uri, mimeType, text: file.body } }
        : { type: 'resource_link', uri, name: file.filename, mimeType, description: `${format} export of ${id}, ${bytes} bytes` },
    ],
    structuredContent: { ...subject, format, filename: file.filename, content_type: file.contentType, bytes, uri, embedded },
  };
}

/** A recut in any state as a tool result; one that ended in error is an error result. */
export function recutResult(recut: Recut, options: { waitedSec?: number } = {}): CallToolResult {
  if (recut.status === 'complete') {
    const kept = recut.segments.map((s) => `${s.start}–${s.end} s`).join(', ');
    const figures = (f: typeof recut.before) =>
      `score ${f.score} (${f.grade}), hook ${f.hook}, ${f.dead_seconds} dead s, ${f.duration_sec} s, average hold ${f.average_hold}`;
    const by = recut.proposed_by === 'model' ? `proposed by the model (${recut.base_model})` : 'proposed by the rules';
    const lines = [
      `Recut ${recut.recut_id} of ${recut.parent_scan_id} complete, ${by}: kept ${kept}. Re-scan ${recut.scan_id}.`,
      `Before: ${figures(recut.before)}.`,
      `After: ${figures(recut.after)}.`,
      recut.rationale,
    ];
    return jsonResult(lines.join('\n'), recut);
  }
  if (recut.status === 'error') return jsonResult(`Recut ${recut.recut_id} failed: ${recut.detail}`, recut, true);
  const waited = options.waitedSec === undefined ? '' : ` Still running after waiting ${options.waitedSec} s;`;
  return jsonResult(
    `Recut ${recut.recut_id} is ${recut.status} (${recut.stage}, ${recut.pct}%).${waited} read it with get_recut {"recut_id": "${recut.recut_id}"}.`,
    recut,
  );
}

export function historyResult(page: ScanPage): CallToolResult {
  const rows = page.data.map((entry) => {
    const name = entry.title ? ` "${entry.title}"` : '';
    const read = entry.status === 'complete' ? ` score ${entry.score}, ${entry.grade} (${entry.label}), ${entry.duration_sec} s` : ` ${entry.pct}%`;
    return `- ${entry.scan_id}${name}: ${entry.status},${read}, created ${entry.created_at}`;
  });
  return jsonResult([pageHeading('scan', page), ...rows].join('\n'), page);
}

/** The library page with its entry links made absolute (when the base URL is known), so they can be handed on as they are. */
export function libraryResult(fromService: LibraryPage, baseUrl?: string): CallToolResult {
  const page = baseUrl ? { ...fromService, data: fromService.data.map((entry) => ({ ...entry, url: new URL(entry.url, `${baseUrl}/`).href })) } : fromService;
  const rows = page.data.map(
    (entry) =>
      `- "${entry.title}" (${entry.scan_id}): score ${entry.score}, ${entry.grade} (${entry.label}), ${entry.duration_sec} s, published ${entry.published_at}, ${entry.url}`,
  );
  return jsonResult([pageHeading('published scan', page), ...rows].join('\n'), page);
}

export function signalsResult(reference: SignalsReference): CallToolResult {
  const rows = reference.signals.map((signal) => `- ${signal.name}: ${signal.reads} Rises when ${signal.rises_when}; falls when ${signal.falls_when}.`);
  const heading = `Holdline signals ${reference.version}: series 0–100 per second (${reference.scale}); floor ${reference.floor}; ${reference.dead_min_seconds}+ consecutive seconds under the floor are dead.`;
  return jsonResult([heading, ...rows].join('\n'), reference);
}

/** The media retention in one sentence, and the API's answer as `structuredContent`. */
export function retentionResult(setting: RetentionSetting): CallToolResult {
  const keeps = (days: number | null) => (days === null || days <= 0 ? 'kept for good' : `removed ${count(days, 'day')} after their scan`);
  const own = setting.media_retention_days;
  const yours = own === null ? 'you follow the server default' : own === 0 ? 'your setting keeps them for good' : `your setting is ${count(own, 'day')}`;
  const serverDefault = setting.operator_default_days === null ? 'off' : count(setting.operator_default_days, 'day');
  const published = setting.include_published ? "published scans' videos are removed too" : 'published scans keep their videos';
  return jsonResult(`Videos are ${keeps(setting.effective_days)} (${yours}; server default: ${serverDefault}); ${published}. Reads are always kept.`, setting);
}

/** Any failure as an error result: API errors with their status and detail, and the wait for a 429. */
export function errorResult(error: unknown): CallToolResult {
  let text: string;
  if (error instanceof HoldlineError) {
    text = error.status === 0 ? `Holdline: ${error.detail}` : `Holdline API error ${error.status}: ${error.detail}`;
    if (error.retryAfter !== undefined) text += ` (retry after ${error.retryAfter} s)`;
  } else if (error instanceof LocalFileRefused) {
    text = `Holdline: ${error.message}`;
  } else if (error instanceof z.ZodError) {
    text = `invalid arguments: ${error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('; ')}`;
  } else {
    text = `Holdline MCP server error: ${error instanceof Error ? error.message : String(error)}`;
  }
  return { content: [{ type: 'text', text }], isError: true };
}

/** A short text and the data once, as `structuredContent` (for results whose text already says it all). */
function structured(summary: string, data: object, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: summary }], structuredContent: data as Record<string, unknown>, ...(isError ? { isError: true } : {}) };
}

/** A summary for reading, the JSON for programs (text block for clients that ignore structured content). */
export function jsonResult(summary: string, data: object, isError = false): CallToolResult {
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: JSON.stringify(data) },
    ],
    structuredContent: data as Record<string, unknown>,
    ...(isError ? { isError: true } : {}),
  };
}

function pageHeading(noun: string, page: { data: unknown[]; offset: number; total: number; has_more: boolean }): string {
  if (page.data.length === 0) return `No ${noun}s (total ${page.total}, offset ${page.offset}).`;
  const first = page.offset + 1;
  const last = page.offset + page.data.length;
  return `${noun[0]!.toUpperCase()}${noun.slice(1)}s ${first}–${last} of ${page.total}${page.has_more ? `; more with offset ${last}` : ''}:`;
}

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

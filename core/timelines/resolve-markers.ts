// DaVinci Resolve's marker list as CSV: one row per marker with its source and
// record timecodes at the source's rate (drop-frame at 29.97 and 59.94), its
// duration, colour, name and note. The record timeline starts at 00:00:00:00,
// so a scan's record and source timecodes are equal; a recut's record side is
// where the marker's frame was kept. Pure.

import { fpsOf, timecode } from './timecode';
import type { EditorTimeline, MarkerColor } from './model';

export const RESOLVE_MARKER_COLUMNS = ['#', 'Name', 'Source In', 'Source Out', 'Record In', 'Record Out', 'Duration', 'Color', 'Notes', 'Keywords'] as const;

const RESOLVE_COLORS: Record<MarkerColor, string> = { blue: 'Blue', red: 'Red', yellow: 'Yellow', green: 'Green', purple: 'Purple' };

/** The markers as RFC 4180 CSV (CRLF, header row); the marker kind is its keyword. */
export function resolveMarkersCsv(timeline: EditorTimeline): string {
  const fps = fpsOf(timeline.rate);
  const rows = timeline.markers.map((marker, i) => {
    const tcIn = timecode(marker.frame, fps);
    const tcOut = timecode(marker.frame + marker.duration, fps);
    const recordIn = timecode(marker.record, fps);
    const recordOut = timecode(marker.record + marker.duration, fps);
    return [
      String(i + 1),
      marker.name,
      tcIn,
      tcOut,
      recordIn,
      recordOut,
      timecode(marker.duration, fps),
      RESOLVE_COLORS[marker.color],
      marker.note,
      marker.kind,
    ];
  });
  return [[...RESOLVE_MARKER_COLUMNS], ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell that
 * a spreadsheet would run as a formula (leading =, +, -, @) starts with an
 * apostrophe instead (OWASP's advice for CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

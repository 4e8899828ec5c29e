// The one check of an export query's `format` and `record_start` that the scan export
// (GET /v1/scans/{id}/export) and the recut export (GET /v1/recuts/{id}/export) share
// (api/routes/exports.ts, exportRequest): the same refusals, each naming its parameter.
import { describe, expect, it } from 'vitest';
import { exportRequest } from '../../../api/routes/exports';
import { DomainError } from '../../../core/errors';
import { EXPORT_FORMATS, RECUT_EXPORT_FORMATS } from '../../../core/exports';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const domain = error as DomainError;
    return { code: domain.code, message: domain.message, param: domain.extra.param };
  }
  throw new Error('not refused');
};

describe('exportRequest', () => {
  it('takes a format of the list, with record_start only for the EDL', () => {
    expect(exportRequest({ format: 'srt' }, EXPORT_FORMATS, 'export')).toEqual({ format: 'srt', recordStart: undefined });
    expect(exportRequest({ format: 'edl', record_start: '10:00:00:00' }, RECUT_EXPORT_FORMATS, 'recut export')).toEqual({
      format: 'edl',
      recordStart: '10:00:00:00',
    });
  });

  it('refuses a missing or unknown format naming the list, and record_start with another format', () => {
    expect(refusal(() => exportRequest({}, RECUT_EXPORT_FORMATS, 'recut export'))).toEqual({
      code: 'bad_request',
      message: 'format is required; use format=edl|otio|fcpxml|markers.csv',
      param: 'format',
    });
    expect(refusal(() => exportRequest({ format: 'srt' }, RECUT_EXPORT_FORMATS, 'recut export'))).toEqual({
      code: 'bad_request',
      message: 'unknown recut export format "srt"; use format=edl|otio|fcpxml|markers.csv',
      param: 'format',
    });
    expect(refusal(() => exportRequest({ format: 'pdf' }, EXPORT_FORMATS, 'export')).message).toBe(
      `unknown export format "pdf"; use format=${EXPORT_FORMATS.join('|')}`,
    );
    for (const [formats, what] of [
      [EXPORT_FORMATS, 'export'],
      [RECUT_EXPORT_FORMATS, 'recut export'],
    ] as const) {
      expect(refusal(() => exportRequest({ format: 'otio', record_start: '01:00:00:00' }, formats, what))).toEqual({
        code: 'bad_request',
        message: "record_start is the EDL's record timecode: use it with format=edl",
        param: 'record_start',
      });
    }
  });
});

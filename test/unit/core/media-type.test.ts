import { describe, expect, it } from 'vitest';
import { ACCEPTED_DEMUXERS, extensionFor, matroskaDocType, mediaTypeFor } from '../../../core/media-type';

const MOV = 'mov,mp4,m4a,3gp,3g2,mj2';

describe('mediaTypeFor', () => {
  it.each([
    ['MP4 (isom)', { formatName: MOV, majorBrand: 'isom' }, 'video/mp4', 'mp4'],
    ['MP4 (mp42)', { formatName: MOV, majorBrand: 'mp42' }, 'video/mp4', 'mp4'],
    ['M4V', { formatName: MOV, majorBrand: 'M4V ' }, 'video/mp4', 'mp4'],
    ['MP4 with no brand', { formatName: MOV }, 'video/mp4', 'mp4'],
    ['QuickTime', { formatName: MOV, majorBrand: 'qt  ' }, 'video/quicktime', 'mov'],
    ['3GP', { formatName: MOV, majorBrand: '3gp5' }, 'video/3gpp', '3gp'],
    ['3G2', { formatName: MOV, majorBrand: '3g2a' }, 'video/3gpp2', '3g2'],
    ['WebM', { formatName: 'matroska,webm', docType: 'webm' }, 'video/webm', 'webm'],
    ['Matroska', { formatName: 'matroska,webm', docType: 'matroska' }, 'video/x-matroska', 'mkv'],
    ['Matroska without a DocType', { formatName: 'matroska,webm', docType: null }, 'video/x-matroska', 'mkv'],
    ['AVI', { formatName: 'avi' }, 'video/x-msvideo', 'avi'],
    ['FLV', { formatName: 'flv' }, 'video/x-flv', 'flv'],
    ['MPEG-TS', { formatName: 'mpegts' }, 'video/mp2t', 'ts'],
    ['MPEG-PS', { formatName: 'mpeg' }, 'video/mpeg', 'mpg'],
    ['Ogg', { formatName: 'ogg' }, 'video/ogg', 'ogv'],
    ['ASF/WMV', { formatName: 'asf' }, 'video/x-ms-asf', 'asf'],
    ['MXF', { formatName: 'mxf' }, 'application/mxf', 'mxf'],
    ['anything else', { formatName: 'concat' }, 'application/octet-stream', 'bin'],
    ['nothing', { formatName: '' }, 'application/octet-stream', 'bin'],
  ])('serves %s as %s', (_, facts, contentType, ext) => {
    expect(mediaTypeFor(facts)).toEqual({ contentType, ext });
  });

  it('maps every accepted demuxer to a served type, never text or HTML', () => {
    for (const demuxer of ACCEPTED_DEMUXERS) {
      const { contentType } = mediaTypeFor({ formatName: demuxer });
      expect(contentType).toMatch(/^(video\/|application\/mxf$)/);
    }
  });

  it('lists no demuxer that opens other files', () => {
    for (const opener of ['concat', 'hls', 'dash', 'image2', 'webm_dash_manifest', 'lavfi', 'tee', 'sdp', 'rtsp']) {
      expect(ACCEPTED_DEMUXERS as readonly string[]).not.toContain(opener);
    }
  });
});

describe('extensionFor', () => {
  it.each([
    ['video/mp4', 'mp4'],
    ['VIDEO/WEBM', 'webm'],
    ['text/html', 'bin'],
    [undefined, 'bin'],
  ])('%s → %s', (type, ext) => {
    expect(extensionFor(type)).toBe(ext);
  });
});

/** An EBML header with the given DocType, as muxers write it. */
function ebmlHeader(docType: string): Uint8Array {
  const text = [...docType].map((c) => c.charCodeAt(0));
  const body = [
    0x42,
    0x86,
    0x81,
    0x01, // EBMLVersion 1
    0x42,
    0xf7,
    0x81,
    0x01, // EBMLReadVersion 1
    0x42,
    0x82,
    0x80 | text.length,
    ...text, // DocType
    0x42,
    0x87,
    0x81,
    0x04, // DocTypeVersion 4
  ];
  return Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length, ...body, 0x18, 0x53, 0x80, 0x67]);
}

describe('matroskaDocType', () => {
  it.each([
    ['webm', ebmlHeader('webm'), 'webm'],
    ['matroska', ebmlHeader('matroska'), 'matroska'],
    ['not EBML', Uint8Array.from([0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70]), null],
    ['empty', new Uint8Array(0), null],
    ['a header cut short', ebmlHeader('webm').subarray(0, 12), null],
    ['a DocType of control bytes', ebmlHeader('\u0001\u0002'), null],
  ])('%s', (_, head, docType) => {
    expect(matroskaDocType(head)).toBe(docType);
  });
});

import { describe, expect, it } from 'vitest';
import { mediaHeaders } from '../../../api/routes/media';

const inert = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" };

describe('mediaHeaders', () => {
  it('serves the probed type inline under the scan id, not sniffable, sandboxed', () => {
    expect(mediaHeaders('scn_0123456789abcdef01234567', 'video/webm')).toEqual({
      'content-type': 'video/webm',
      ...inert,
      'content-disposition': 'inline; filename="scn_0123456789abcdef01234567.webm"',
    });
  });

  it.each([
    ['no recorded type (a scan probed before types were recorded)', undefined],
    ['a type outside the table', 'text/html'],
    ['a type with parameters smuggled in', 'video/mp4; charset=utf-8'],
  ])('serves an opaque download for %s', (_, type) => {
    expect(mediaHeaders('scn_0123456789abcdef01234567', type)).toEqual({
      'content-type': 'application/octet-stream',
      ...inert,
      'content-disposition': 'inline; filename="scn_0123456789abcdef01234567.bin"',
    });
  });
});

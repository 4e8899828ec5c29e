import { describe, expect, it } from 'vitest';
import { mediaHeaders } from '../../../http/media';

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

  it("names the download by the source's file name, with the served extension when its own names another kind of file", () => {
    expect(mediaHeaders('scn_1', 'video/quicktime', 'My talk.MOV')['content-disposition']).toBe('inline; filename="My talk.MOV"');
    expect(mediaHeaders('scn_1', 'video/webm', 'page.html')['content-disposition']).toBe('inline; filename="page.webm"');
    expect(mediaHeaders('scn_1', 'text/html', 'clip.mp4')['content-disposition']).toBe('inline; filename="clip.bin"');
    expect(mediaHeaders('scn_1', 'video/mp4', null)['content-disposition']).toBe('inline; filename="scn_1.mp4"');
  });
});

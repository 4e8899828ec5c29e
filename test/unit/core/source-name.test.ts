import { describe, expect, it } from 'vitest';
import {
  cleanSourceName,
  contentDisposition,
  MAX_SOURCE_NAME_CHARS,
  mediaDownloadName,
  sourceNameOf,
  sourceNameOfUrl,
  titleFromSourceName,
} from '../../../core/source-name';

// The name of the file a scan was made from (issue 32 item 5): kept sanitised, read
// off a video URL when it names a file, the default title and the download's name.

describe('cleanSourceName', () => {
  it.each([
    ['talk.mp4', 'talk.mp4'],
    ['C:\\Users\\me\\Videos\\talk.mov', 'talk.mov'],
    ['../../etc/passwd', 'passwd'],
    ['/home/me/My talk (final).mp4', 'My talk (final).mp4'],
    ['  spaced .mp4  ', 'spaced .mp4'],
    ['tab\tand\nnewline.mp4', 'tab and newline.mp4'],
    ['\u001b[2Jclear\u0007\u202eevil.mp4', '[2Jclearevil.mp4'],
    ['Caf\u00e9 \u{1F3AC}.webm', 'Caf\u00e9 \u{1F3AC}.webm'],
  ])('%j is kept as %j', (raw, kept) => {
    expect(cleanSourceName(raw)).toBe(kept);
  });

  it.each([[undefined], [null], [''], ['   '], ['dir/'], ['.'], ['..'], ['\u0000\u001b']])('%j is no name', (raw) => {
    expect(cleanSourceName(raw)).toBeNull();
  });

  it('bounds a long name at MAX_SOURCE_NAME_CHARS, keeping its extension', () => {
    const name = cleanSourceName(`${'a'.repeat(400)}.mp4`)!;
    expect(name).toHaveLength(MAX_SOURCE_NAME_CHARS);
    expect(name.endsWith('a.mp4')).toBe(true);
  });
});

describe('sourceNameOfUrl', () => {
  it.each([
    ['https://cdn.example.com/media/talk.mp4', 'talk.mp4'],
    ['https://cdn.example.com/a/My%20Talk.MOV?dl=1#t=3', 'My Talk.MOV'],
    ['https://cdn.example.com/a/b%2Fc.webm', 'c.webm'],
    ['http://127.0.0.1:9/none.mp4', 'none.mp4'],
  ])('%s names %j', (url, name) => {
    expect(sourceNameOfUrl(url)).toBe(name);
  });

  it.each([
    ['https://video.example.com/watch?v=abc'],
    ['https://video.example.com/video/1234'],
    ['https://example.com/index.html'],
    ['https://example.com/'],
    ['https://example.com/.mp4'],
    ['https://example.com/bad%E0%A4%A.mp4x'],
    ['not a url'],
  ])('%s names no video file', (url) => {
    expect(sourceNameOfUrl(url)).toBeNull();
  });
});

describe('sourceNameOf', () => {
  it('is the kept name; a scan made before it was kept derives it from its source, cleaned as now', () => {
    expect(sourceNameOf({ source: { type: 'upload', filename: 'a.mp4' }, source_name: 'kept.mp4' })).toBe('kept.mp4');
    expect(sourceNameOf({ source: { type: 'upload', filename: 'a.mp4' }, source_name: null })).toBeNull();
    expect(sourceNameOf({ source: { type: 'upload', filename: 'dir_x\u0007.mp4' } })).toBe('dir_x.mp4');
    expect(sourceNameOf({ source: { type: 'upload', filename: null } })).toBeNull();
    expect(sourceNameOf({ source: { type: 'url', url: 'https://h.example/v/clip.mkv' } })).toBe('clip.mkv');
    expect(sourceNameOf({ source: { type: 'url', url: 'https://h.example/watch?v=1' } })).toBeNull();
  });
});

describe('titleFromSourceName', () => {
  it.each([
    ['talk.mp4', 'talk'],
    ['My talk (final).MOV', 'My talk (final)'],
    ['archive.tar.mp4', 'archive.tar'],
    ['clip', 'clip'],
    ['.mp4', '.mp4'],
    [null, null],
  ])('%j titles the scan %j', (name, title) => {
    expect(titleFromSourceName(name)).toBe(title);
  });

  it('is a title as stored: at most 200 characters', () => {
    expect(titleFromSourceName(`${'t'.repeat(250)}.mp4`)).toBe('t'.repeat(200));
  });
});

describe('mediaDownloadName', () => {
  it.each([
    ['talk.mp4', 'mp4', 'talk.mp4'],
    ['talk.MOV', 'mov', 'talk.MOV'],
    // Both ISO BMFF: the uploader's own extension is kept.
    ['talk.mov', 'mp4', 'talk.mov'],
    ['clip.m2ts', 'ts', 'clip.m2ts'],
    // Another kind of file by its extension, or none: the served container's extension.
    ['page.html', 'mp4', 'page.mp4'],
    ['clip', 'webm', 'clip.webm'],
    ['talk.mp4', 'bin', 'talk.bin'],
  ])('%j served as .%s downloads as %j', (name, ext, expected) => {
    expect(mediaDownloadName(name, ext, 'scn_1')).toBe(expected);
  });

  it('is the scan id without a source name', () => {
    expect(mediaDownloadName(null, 'mp4', 'scn_1')).toBe('scn_1.mp4');
  });
});

describe('contentDisposition', () => {
  it('quotes a plain ASCII name as it is', () => {
    expect(contentDisposition('inline', 'My talk.mp4')).toBe('inline; filename="My talk.mp4"');
  });

  it('gives any other name an ASCII stand-in and the exact name in filename* (RFC 8187)', () => {
    expect(contentDisposition('inline', 'Caf\u00e9 "late".mp4')).toBe(`inline; filename="Caf_ _late_.mp4"; filename*=UTF-8''Caf%C3%A9%20%22late%22.mp4`);
    expect(contentDisposition('attachment', "it's (1).mp4")).toBe(`attachment; filename="it's (1).mp4"`);
    expect(contentDisposition('attachment', "\u00e9't (1).mp4")).toBe(`attachment; filename="_'t (1).mp4"; filename*=UTF-8''%C3%A9%27t%20%281%29.mp4`);
  });
});

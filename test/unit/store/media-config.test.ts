import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/env';

describe('media store configuration', () => {
  it('defaults to the fs store in .data/media and the spec read limit', () => {
    const config = loadConfig({});
    expect(config.mediaStore).toEqual({ kind: 'fs', dir: '.data/media' });
    expect(config.scanReadsPerMinute).toBe(600);
    expect(config.ferretdbSqliteDir).toBe('.data/ferretdb');
  });

  it('reads the s3 store with its endpoint, bucket, region and credentials', () => {
    const config = loadConfig({
      HOLDLINE_MEDIA_STORE: 's3',
      HOLDLINE_S3_ENDPOINT: 'http://127.0.0.1:9000',
      HOLDLINE_S3_BUCKET: 'b',
      HOLDLINE_S3_ACCESS_KEY_ID: 'k',
      HOLDLINE_S3_SECRET_ACCESS_KEY: 's',
      MONGODB_URI: 'mongodb://127.0.0.1:1/x',
    });
    expect(config.mediaStore).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    expect(config.ferretdbSqliteDir).toBeUndefined();
  });

  it.each([
    [{ HOLDLINE_MEDIA_STORE: 'gcs' }, /HOLDLINE_MEDIA_STORE must be fs or s3/],
    [{ HOLDLINE_MEDIA_STORE: 's3' }, /HOLDLINE_S3_BUCKET is required/],
    [{ HOLDLINE_MEDIA_STORE: 's3', HOLDLINE_S3_BUCKET: 'b', HOLDLINE_S3_ENDPOINT: 'not a url' }, /HOLDLINE_S3_ENDPOINT must be a URL/],
    [{ HOLDLINE_MEDIA_STORE: 's3', HOLDLINE_S3_BUCKET: 'b', HOLDLINE_S3_ACCESS_KEY_ID: 'k' }, /go together/],
    [{ HOLDLINE_SCAN_READS_PER_MINUTE: '0' }, /HOLDLINE_SCAN_READS_PER_MINUTE must be an integer/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../config/env';

const s3 = {
  S3_BUCKET: 'cairn-files',
  S3_ENDPOINT: 'http://minio.local:9000',
  S3_REGION: 'eu-central-1',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('attachment storage settings', () => {
  it('keep files in the data directory unless S3_BUCKET is set', () => {
    expect(parseConfig({}).s3).toBeUndefined();
    expect(parseConfig({ S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('select S3 with a bucket, a region and both keys', () => {
    expect(parseConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
      bucket: 'cairn-files',
      endpoint: 'http://minio.local:9000',
      region: 'eu-central-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // Amazon S3 itself needs no endpoint.
    expect(parseConfig({ ...s3, S3_ENDPOINT: undefined }).s3).toMatchObject({
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ ...s3, S3_REGION: undefined }, /S3_REGION: expected a value/],
    [
      { ...s3, S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined },
      /S3_ACCESS_KEY_ID.*\n.*S3_SECRET_ACCESS_KEY/,
    ],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: expected the S3 service URL/],
    [{ ...s3, S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET: expected an S3 bucket name/],
    [{ ...s3, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
    [
      { S3_ENDPOINT: 'http://minio.local:9000', S3_REGION: 'us-east-1' },
      /S3_BUCKET: expected a bucket name, as S3_ENDPOINT, S3_REGION are set/,
    ],
  ])('fail at boot by name: %j', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});

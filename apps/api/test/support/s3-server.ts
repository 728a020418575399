import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestS3Server = {
  /** The S3_* settings that point the app at this server. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects, so a test can see what is stored. */
  directory: string;
  close(): Promise<void>;
};

/** A local S3-compatible server on a free loopback port, with an empty bucket, for one test file. */
export async function startS3Server(bucket = 'cairn-attachments'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'cairn-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

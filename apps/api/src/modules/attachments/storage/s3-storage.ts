import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../../config/env';
import { keySegments } from '../../../lib/storage/file-storage';
import { type AttachmentStorage, isStorageKey } from './storage';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

/**
 * Files in an S3-compatible bucket under the same keys as on disk, for deployments with several API
 * instances. An object appears only once PutObject completes, so a failed upload leaves nothing; the
 * content is gathered in memory first (at most ATTACHMENT_MAX_BYTES, as the upload route caps the
 * stream), because PutObject needs a length and a stream cut off half way must never be sent.
 */
export function createS3Storage(settings: S3Settings): AttachmentStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible services refuse the newer
    // checksum headers the SDK would otherwise add to every request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => keySegments(key).join('/');

  return {
    async put(key, content) {
      const Key = checked(key);
      const chunks: Buffer[] = [];
      for await (const chunk of content instanceof Readable ? content : Readable.from([content])) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      }
      const Body = Buffer.concat(chunks);
      await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.length }));
      return { size: Body.length };
    },

    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        return Body instanceof Readable ? Body : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      // Deleting a missing object succeeds on S3.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async deleteAllOf(userId) {
      const [segment, ...rest] = keySegments(userId);
      if (rest.length > 0) throw new Error(`invalid user folder: ${JSON.stringify(userId)}`);
      const Prefix = `${segment}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken, MaxKeys: DELETE_BATCH }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const result = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            throw new Error(`S3 refused to delete ${failed.length} file(s): ${failed[0]?.Code ?? 'unknown'}`);
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async *list(options = {}) {
      // S3 lists keys in UTF-8 byte order, 1000 a page.
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, ContinuationToken, StartAfter: options.startAfter }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && isStorageKey(object.Key))
            yield { key: object.Key, modifiedAt: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

import type { Config } from '../../../config/env';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { AttachmentStorage } from './storage';

/** S3 when S3_BUCKET is set (several API instances share the files), else the data directory. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): AttachmentStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dataDir);
}

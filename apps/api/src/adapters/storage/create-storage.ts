import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** The storage adapter configuration chooses (STORAGE=local|s3). */
export function createStorage(opts: {
  config: Config;
  dataDir: string;
  /** Signs the local adapter's policies and download addresses. */
  localSecret: string;
  now: () => Date;
}): FileStorage {
  const { config } = opts;
  if (config.STORAGE === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE=s3');
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage({
    dir: join(opts.dataDir, 'storage'),
    secret: opts.localSecret,
    publicUrl: config.PUBLIC_URL,
    now: opts.now,
  });
}

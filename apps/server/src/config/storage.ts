import { relative, resolve } from 'node:path';
import { ConfigError, missingForProduction, type Environment } from './environment.ts';
import { anchored, dataDir, webDistDir } from './paths.ts';

export interface S3StorageSettings {
  /** Unset for AWS itself; the address of another S3-compatible service otherwise. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Where uploaded bank statements are kept: a local folder or an S3-compatible bucket. */
export type StorageSettings =
  { driver: 'local'; dir: string } | ({ driver: 's3' } & S3StorageSettings);

/**
 * Bank statements: a local folder (default `<DATA_DIR>/uploads`) unless `STORAGE_DRIVER=s3`.
 * Production must choose explicitly, so that files are not kept on one machine by accident.
 */
export function storageSettings(vars: Environment): StorageSettings {
  if (vars.SERVICE_MODE === 'production' && vars.STORAGE_DRIVER === undefined) {
    throw new ConfigError(missingForProduction(vars));
  }
  if (vars.STORAGE_DRIVER !== 's3') {
    const dir = anchored(vars.STORAGE_DIR ?? resolve(dataDir(vars), 'uploads'));
    if (!relative(webDistDir(vars), dir).startsWith('..')) {
      throw new ConfigError(['STORAGE_DIR: must not be inside WEB_DIST_DIR, which is served']);
    }
    return { driver: 'local', dir };
  }
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = vars;
  const { S3_SECRET_ACCESS_KEY: secretAccessKey } = vars;
  if (bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) {
    throw new ConfigError(
      (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
        .filter((name) => vars[name] === undefined)
        .map((name) => `${name}: is required when STORAGE_DRIVER=s3`),
    );
  }
  return {
    driver: 's3',
    endpoint: vars.S3_ENDPOINT,
    region: vars.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
  };
}

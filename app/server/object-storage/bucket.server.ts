import { Readable } from "node:stream";
import fs from "node:fs";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { config } from "../config.server";

/**
 * An S3-compatible bucket (docs/decisions/object-storage.md): the few calls images and backups
 * need, through the AWS SDK's S3 client and nothing else of the provider's, so any S3-compatible
 * service works. Failures are BucketErrors with a kind and a message staff can act on.
 */

// The SDK warns that its releases from 2027 will need Node 22: the store pins this one.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

export type BucketFailure = "unreachable" | "auth" | "no-bucket" | "timeout" | "refused";

export class BucketError extends Error {
  constructor(
    readonly kind: BucketFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "BucketError";
  }
}

export interface StoredObject {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
}

export interface Bucket {
  readonly name: string;
  /** Writes an object whole (a failed write leaves none, or the one before). */
  put(key: string, body: Buffer, options?: { contentType?: string }): Promise<{ etag: string }>;
  /**
   * Reads an object; `not-modified` when `ifNoneMatch` is its ETag (a conditional request), null
   * when there is no such object.
   */
  get(
    key: string,
    options?: { ifNoneMatch?: string },
  ): Promise<
    (StoredObject & { body: Readable; contentType: string | undefined }) | "not-modified" | null
  >;
  /**
   * Uploads a file (a backup) in parts of PART_BYTES: the object appears whole when the last part
   * is in, and an upload cut halfway is aborted, leaving no object.
   */
  putFile(key: string, file: string): Promise<{ etag: string; size: number }>;
  head(key: string): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
  /** Every object under `prefix`, in key order. */
  list(prefix: string): AsyncGenerator<StoredObject>;
}

export interface BucketSettings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Each request's limit: a bucket that does not answer is a failure, not a hang. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** A multipart upload's part (S3's minimum is 5 MiB, except the last). */
export const PART_BYTES = 8 * 1024 * 1024;

/** The bucket images (`images`) or backups (`backups`) go to, from the configuration; null: none. */
export function configuredBucket(use: "images" | "backups"): Bucket | null {
  const c = config();
  const name = use === "images" ? (c.STORAGE === "s3" ? c.S3_BUCKET : undefined) : c.BACKUP_BUCKET;
  if (!name) return null;
  const key = `${use}:${name}`;
  const cached = buckets.get(key);
  if (cached) return cached;
  const bucket = openBucket({
    bucket: name,
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION,
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
  });
  buckets.set(key, bucket);
  return bucket;
}
const buckets = new Map<string, Bucket>();

/** Forgets the buckets made from the configuration (tests change it between files). */
export function forgetBuckets() {
  buckets.clear();
}

export function openBucket(settings: BucketSettings): Bucket {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    maxAttempts: 2,
    // A socket idle for timeoutMs fails the request (requestTimeout alone only logs a warning).
    requestHandler: { connectionTimeout: Math.min(timeoutMs, 5000), socketTimeout: timeoutMs },
  });
  const Bucket = settings.bucket;
  const where = settings.endpoint ?? `Amazon S3 (${settings.region})`;
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw bucketError(error, Bucket, where);
    }
  };
  const described = (
    key: string,
    o: { ETag?: string; ContentLength?: number; LastModified?: Date },
  ) => ({
    key,
    etag: o.ETag ?? "",
    size: o.ContentLength ?? 0,
    lastModified: o.LastModified ?? new Date(0),
  });
  return {
    name: Bucket,
    put: (key, body, options) =>
      call(async () => {
        const done = await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: options?.contentType }),
        );
        return { etag: done.ETag ?? "" };
      }),
    get: (key, options) =>
      call(async () => {
        try {
          const got = await client.send(
            new GetObjectCommand({ Bucket, Key: key, IfNoneMatch: options?.ifNoneMatch }),
          );
          return {
            ...described(key, got),
            contentType: got.ContentType,
            body: got.Body as Readable,
          };
        } catch (error) {
          const status = (error as S3ServiceException).$metadata?.httpStatusCode;
          if (status === 304) return "not-modified" as const;
          if (status === 404) return null;
          throw error;
        }
      }),
    putFile: (key, file) =>
      call(async () => {
        const size = fs.statSync(file).size;
        if (size <= PART_BYTES) {
          const done = await client.send(
            new PutObjectCommand({ Bucket, Key: key, Body: fs.readFileSync(file) }),
          );
          return { etag: done.ETag ?? "", size };
        }
        const { UploadId } = await client.send(
          new CreateMultipartUploadCommand({ Bucket, Key: key }),
        );
        try {
          const parts: { ETag: string; PartNumber: number }[] = [];
          const handle = await fs.promises.open(file, "r");
          try {
            for (let offset = 0, number = 1; offset < size; offset += PART_BYTES, number++) {
              const chunk = Buffer.alloc(Math.min(PART_BYTES, size - offset));
              await handle.read(chunk, 0, chunk.length, offset);
              const part = await client.send(
                new UploadPartCommand({
                  Bucket,
                  Key: key,
                  UploadId,
                  PartNumber: number,
                  Body: chunk,
                }),
              );
              parts.push({ ETag: part.ETag ?? "", PartNumber: number });
            }
          } finally {
            await handle.close();
          }
          const done = await client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key: key,
              UploadId,
              MultipartUpload: { Parts: parts },
            }),
          );
          return { etag: done.ETag ?? "", size };
        } catch (error) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId }))
            .catch(() => undefined);
          throw error;
        }
      }),
    head: (key) =>
      call(async () => {
        try {
          return described(key, await client.send(new HeadObjectCommand({ Bucket, Key: key })));
        } catch (error) {
          if ((error as S3ServiceException).$metadata?.httpStatusCode === 404) return null;
          throw error;
        }
      }),
    remove: (key) =>
      call(async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      }),
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await call(() =>
          client.send(
            new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
          ),
        );
        for (const item of page.Contents ?? [])
          yield {
            key: item.Key!,
            size: item.Size ?? 0,
            etag: item.ETag ?? "",
            lastModified: item.LastModified ?? new Date(0),
          };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** What went wrong, in words staff can act on. */
function bucketError(error: unknown, bucket: string, where: string): BucketError {
  if (error instanceof BucketError) return error;
  const status = (error as S3ServiceException).$metadata?.httpStatusCode;
  const code = (error as { Code?: string; name?: string }).Code ?? (error as Error).name;
  if (status === 403 || code === "InvalidAccessKeyId" || code === "SignatureDoesNotMatch")
    return new BucketError(
      "auth",
      `The bucket ${bucket} at ${where} refused the access keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).`,
      { cause: error },
    );
  if (code === "NoSuchBucket")
    return new BucketError("no-bucket", `The bucket ${bucket} does not exist at ${where}.`, {
      cause: error,
    });
  if (code === "TimeoutError" || code === "RequestTimeout" || /timed? ?out/i.test(String(error)))
    return new BucketError("timeout", `The bucket at ${where} did not answer in time.`, {
      cause: error,
    });
  if (!status)
    return new BucketError("unreachable", `The bucket at ${where} cannot be reached.`, {
      cause: error,
    });
  return new BucketError(
    "refused",
    `The bucket at ${where} refused the request (${status} ${code}).`,
    { cause: error },
  );
}

/** An object's body read whole (a backup's manifest, a check). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

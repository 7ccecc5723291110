import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BucketError,
  openBucket,
  PART_BYTES,
  readAll,
  type Bucket,
} from "~/server/object-storage/bucket.server";
import { S3_KEYS, startS3Server, TEST_BUCKET, type RunningS3 } from "../fixtures/s3-server";

// A real S3-compatible server (tests/fixtures/s3-server.ts): the calls the store makes, and how
// each failure reads.
let s3: RunningS3;
let bucket: Bucket;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = openBucket({
    bucket: TEST_BUCKET,
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    ...S3_KEYS,
  });
});
afterAll(() => s3.stop());

describe("a bucket", () => {
  it("writes, reads (conditionally), lists and removes objects", async () => {
    const { etag } = await bucket.put("images/a.webp", Buffer.from("webp bytes"), {
      contentType: "image/webp",
    });
    const got = await bucket.get("images/a.webp");
    if (!got || got === "not-modified") throw new Error("expected the object");
    expect((await readAll(got.body)).toString()).toBe("webp bytes");
    expect(got).toMatchObject({ etag, size: 10, contentType: "image/webp" });
    expect(await bucket.get("images/a.webp", { ifNoneMatch: etag })).toBe("not-modified");
    expect(await bucket.get("images/missing.webp")).toBeNull();
    expect(await bucket.head("images/missing.webp")).toBeNull();
    await bucket.put("images/b.webp", Buffer.from("b"));
    await bucket.put("backups/c.tar", Buffer.from("c"));
    const listed: string[] = [];
    for await (const object of bucket.list("images/")) listed.push(object.key);
    expect(listed).toEqual(["images/a.webp", "images/b.webp"]);
    await bucket.remove("images/a.webp");
    expect(await bucket.head("images/a.webp")).toBeNull();
  });

  it("uploads a large file in parts, whole", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "budz-part-")), "big.bin");
    const body = Buffer.alloc(PART_BYTES * 2 + 1234, 7);
    fs.writeFileSync(file, body);
    const { size } = await bucket.putFile("backups/big.bin", file);
    expect(size).toBe(body.length);
    expect((await bucket.head("backups/big.bin"))!.size).toBe(body.length);
  });

  it("says why when the keys are refused, the bucket is missing or nothing answers", async () => {
    const refused = openBucket({
      bucket: TEST_BUCKET,
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      accessKeyId: "WRONG",
      secretAccessKey: "WRONG",
    });
    await expect(refused.head("x")).rejects.toMatchObject({ kind: "auth" });
    const missing = openBucket({
      bucket: "no-such-bucket",
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      ...S3_KEYS,
    });
    await expect(missing.put("x", Buffer.from("x"))).rejects.toMatchObject({
      kind: "no-bucket",
      message: expect.stringContaining("does not exist"),
    });
    const nowhere = openBucket({
      bucket: TEST_BUCKET,
      endpoint: "http://127.0.0.1:1",
      region: "us-east-1",
      forcePathStyle: true,
      ...S3_KEYS,
      timeoutMs: 2000,
    });
    const down = await nowhere.head("x").catch((error: unknown) => error);
    expect(down).toBeInstanceOf(BucketError);
    expect(down).toMatchObject({ kind: "unreachable" });
  });
});

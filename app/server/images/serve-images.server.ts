import { pipeline } from "node:stream/promises";
import express, { type Request, type Response } from "express";
import { config } from "../config.server";
import { logger } from "../logger.server";
import { BucketError } from "../object-storage/bucket.server";
import { imageStorage, isStorageKey } from "./storage.server";

/** Stored images never change (new uploads get new names): cached for a year. */
const LONG_LIVED = "public, max-age=31536000, immutable";

/**
 * The handler of /images (images and certificates of analysis). On disk (STORAGE=disk): the
 * directory, as a static folder. In a bucket (STORAGE=s3): a redirect to S3_PUBLIC_URL when the
 * bucket is public, else each object streamed from the bucket with its ETag (304 to If-None-Match),
 * 404 for a missing one, 503 when the bucket fails.
 */
export function imagesHandler(): express.RequestHandler {
  const storage = imageStorage();
  if (storage.directory)
    return express.static(storage.directory, {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    });
  return (req, res) => {
    void serveFromBucket(req, res);
  };
}

async function serveFromBucket(req: Request, res: Response) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method not allowed");
    return;
  }
  let key: string;
  try {
    key = decodeURIComponent(req.path.replace(/^\//, ""));
  } catch {
    key = "";
  }
  if (!isStorageKey(key)) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  const publicUrl = config().S3_PUBLIC_URL;
  if (publicUrl) {
    // 302: where images are served from can change (another CDN, back to the store).
    const encoded = key.split("/").map(encodeURIComponent).join("/");
    res.redirect(302, `${publicUrl.replace(/\/+$/, "")}/images/${encoded}`);
    return;
  }
  const ifNoneMatch = req.get("If-None-Match");
  let found: Awaited<ReturnType<ReturnType<typeof imageStorage>["get"]>>;
  try {
    // The storage is looked up per request: the configuration (and its bucket) can change in tests.
    found = await imageStorage().get(key, { ifNoneMatch });
  } catch (error) {
    logger.warn({ err: error, key }, "image not served: the bucket failed");
    res
      .status(503)
      .type("text/plain")
      .set({ "Cache-Control": "no-store", "Retry-After": "30" })
      .send(
        error instanceof BucketError
          ? "Images are unavailable for a moment."
          : "Images are unavailable.",
      );
    return;
  }
  if (found === null) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  if (found === "not-modified") {
    res.status(304).set("Cache-Control", LONG_LIVED);
    if (ifNoneMatch && !ifNoneMatch.includes(",")) res.set("ETag", ifNoneMatch);
    res.end();
    return;
  }
  res.status(200).set({
    "Cache-Control": LONG_LIVED,
    ETag: found.etag,
    "Content-Type": found.contentType,
    "Content-Length": String(found.size),
    "Last-Modified": found.lastModified.toUTCString(),
  });
  if (req.method === "HEAD") {
    found.body.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(found.body, res);
  } catch (error) {
    // The bucket stopped mid-object or the client left: the response is cut, the server goes on.
    logger.warn({ err: error, key }, "image stream cut");
    res.destroy();
  }
}

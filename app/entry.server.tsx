import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "~/lib/nonce";
import { logger } from "~/server/logger.server";

export const streamTimeout = 5_000;

/**
 * Renders the whole document, then answers with it in one piece. Every loader has finished before
 * rendering starts and no storefront page suspends on data, so streaming would only send the same
 * bytes in many small writes, each passing through several streams and the gzip encoder (about
 * a sixth of a page's CPU). A render that fails midway can still answer 500.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let renderError: unknown;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(Buffer.concat(chunks), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timeout);
          // A part that failed inside a boundary (a shell failure goes to handleError instead).
          if (renderError) logger.error({ err: renderError, url: request.url }, "render failed");
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          renderError = error;
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Errors in loaders, actions and rendering go to the structured log (never to the response). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    // React Router's own cross-site check refused a forged form post: expected, not a fault.
    logger.warn(
      { url: request.url, origin: request.headers.get("origin") },
      "cross-site post refused",
    );
    return;
  }
  logger.error({ err: error, url: request.url }, "request failed");
}

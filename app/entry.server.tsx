import { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "~/lib/nonce";
import { logger } from "~/server/logger.server";

export const streamTimeout = 5_000;

/**
 * Renders the whole document, then answers with it in one piece. Every loader has finished before
 * rendering starts and no page defers data, so streaming would only send the same bytes in many
 * small writes. The document is rendered to a string, which costs React about half of rendering to
 * a stream (it turns each of a page's thousands of small pieces into bytes as it goes); a page
 * with a part that is not ready (a lazy component) is rendered again as a stream, which waits for
 * it. The loader data that React Router streams after the document is read here first and written
 * as the same two scripts it would write.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const handoff = await readHandoff(routerContext);
  const app = (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  const rendered = renderWhole(app) ?? (await renderStreamed(app, request, nonce));
  if (rendered.failed) responseStatusCode = 500;
  const scripts = routerContext.renderMeta?.didRenderScripts ? handoffScripts(handoff, nonce) : "";
  const end = rendered.html.lastIndexOf("</body>");
  const html =
    end < 0
      ? rendered.html + scripts
      : rendered.html.slice(0, end) + scripts + rendered.html.slice(end);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // As bytes: a string body is first scanned for lone surrogates, in JavaScript (1-2 % of a page).
  return new Response(Buffer.from(html), { headers: responseHeaders, status: responseStatusCode });
}

/** The serialised loader data, whole; ServerRouter then renders no stream transfer of its own. */
async function readHandoff(context: EntryContext): Promise<string> {
  const stream = context.serverHandoffStream;
  context.serverHandoffStream = undefined;
  if (!stream) return "";
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
  }
  return text + decoder.decode();
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** What React Router's stream transfer writes after the document: the data, then the end. */
function handoffScripts(handoff: string, nonce: string): string {
  const data = JSON.stringify(handoff).replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
  const open = `<script nonce="${nonce}">window.__reactRouterContext.streamController`;
  return `${handoff ? `${open}.enqueue(${data});</script>` : ""}${open}.close();</script>`;
}

/** The document as a string, or undefined when a part suspended or rendering threw. */
function renderWhole(app: React.ReactElement): { html: string; failed: false } | undefined {
  try {
    const html = renderToString(app);
    // A boundary React could not finish (a lazy component) is marked for the browser to render.
    if (html.includes("<!--$!-->")) return undefined;
    return { html: html.startsWith("<!DOCTYPE") ? html : `<!DOCTYPE html>${html}`, failed: false };
  } catch {
    return undefined;
  }
}

/** The document rendered as a stream, once every part is ready (or failed). */
function renderStreamed(app: React.ReactElement, request: Request, nonce: string) {
  return new Promise<{ html: string; failed: boolean }>((resolve, reject) => {
    let renderError: unknown;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve({
          html: Buffer.concat(chunks).toString("utf8"),
          failed: renderError !== undefined,
        });
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(app, {
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
        renderError = error;
      },
    });
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

import type { EntryContext, RouterContextProvider } from "react-router";
import { href, ServerRouter } from "react-router";
import { NonceContext } from "~/lib/nonce";
import {
  handoffScripts,
  hydrateAfterFirstPaint,
  readHandoff,
  renderStreamed,
  renderWhole,
} from "~/server/http/document.server";
import { logger } from "~/server/logger.server";
import { requestInfo } from "~/server/http/request-context.server";

export { streamTimeout } from "~/server/http/document.server";

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
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestInfo).nonce;
  const handoff = await readHandoff(routerContext);
  const app = (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  const rendered = renderWhole(app) ?? (await renderStreamed(app, request, nonce));
  if (rendered.failed) responseStatusCode = 500;
  const scripts = routerContext.renderMeta?.didRenderScripts ? handoffScripts(handoff, nonce) : "";
  // A shopper's first visit paints before the scripts load; the back office loads them at once.
  const storefront = !new URL(request.url).pathname.startsWith(href("/budzadmin"));
  if (storefront) rendered.html = hydrateAfterFirstPaint(rendered.html, nonce);
  const end = rendered.html.lastIndexOf("</body>");
  const html =
    end < 0
      ? rendered.html + scripts
      : rendered.html.slice(0, end) + scripts + rendered.html.slice(end);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // As bytes: a string body is first scanned for lone surrogates, in JavaScript (1-2 % of a page).
  return new Response(Buffer.from(html), { headers: responseHeaders, status: responseStatusCode });
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

import { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { scriptJson } from "~/lib/seo";
import { logger } from "../logger.server";

export const streamTimeout = 5_000;

const warned = new Set<string>();

/**
 * Says, once per process, that React Router's render no longer has what this file reads (a new
 * React Router release is the likely cause): `what` was not found, with what that costs.
 */
function notFound(what: string, consequence: string): void {
  if (warned.has(what)) return;
  warned.add(what);
  logger.warn(
    { notFound: what },
    `${what} not found in React Router's render: ${consequence} (app/server/http/document.server.tsx, docs/decisions/document-rendering.md)`,
  );
}

/** The serialised loader data, whole; ServerRouter then renders no stream transfer of its own. */
export async function readHandoff(context: EntryContext): Promise<string> {
  const stream = context.serverHandoffStream;
  context.serverHandoffStream = undefined;
  if (!stream) {
    notFound("serverHandoffStream", "the page's loader data is not sent, so it will not hydrate");
    return "";
  }
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
  }
  return text + decoder.decode();
}

/** What React Router's stream transfer writes after the document: the data, then the end. */
export function handoffScripts(handoff: string, nonce: string): string {
  const open = `<script nonce="${nonce}">window.__reactRouterContext.streamController`;
  return `${handoff ? `${open}.enqueue(${scriptJson(handoff)});</script>` : ""}${open}.close();</script>`;
}

/** The document as a string, or undefined when a part suspended or rendering threw. */
export function renderWhole(app: React.ReactElement): { html: string; failed: false } | undefined {
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
export function renderStreamed(app: React.ReactElement, request: Request, nonce: string) {
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

// React Router's <Scripts> writes, for a page's first render, one modulepreload link per module
// (React moves them into <head>) and one module script that imports the route modules and the
// client entry. Read in any attribute order; what is not found is said in the log.
const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g;

/** The page as React Router wrote it (its scripts load at once: slower on a phone, but working). */
function notDeferred(html: string, what: string): string {
  notFound(what, "storefront scripts load before the first paint");
  return html;
}

/**
 * Runs in the browser, from an inline script: fetches the page's modules and runs React Router's
 * hydration module once the first contentful paint is on screen; at once when the browser cannot
 * report it or the page is hidden, on the first tap or key press, and after 3 s at the latest.
 */
function startScriptsAfterFirstPaint(preloads: string[], nonce: string) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const module = document.createElement("script");
    module.type = "module";
    module.nonce = nonce;
    module.textContent = document.getElementById("hydration-module")!.textContent;
    document.body.append(module);
  };
  if (
    document.visibilityState !== "visible" ||
    typeof PerformanceObserver === "undefined" ||
    !(PerformanceObserver.supportedEntryTypes ?? []).includes("paint")
  ) {
    start();
    return;
  }
  new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length) start();
  }).observe({ type: "paint", buffered: true });
  addEventListener("pointerdown", start, { once: true });
  addEventListener("keydown", start, { once: true });
  setTimeout(start, 3000);
}

const STARTER = startScriptsAfterFirstPaint.toString();

/**
 * Moves the page's scripts after its first paint. Lighthouse counts every script fetched before the
 * largest paint as holding it (README, Lighthouse), and a phone's first bytes go to the HTML, the
 * stylesheet and the first image instead. Links and forms work before hydration; a tap on a
 * script-only button starts the scripts at once (and waits for them: app.css).
 */
export function hydrateAfterFirstPaint(html: string, nonce: string): string {
  const modules = [...html.matchAll(MODULE_SCRIPT)];
  if (modules.length !== 1) return notDeferred(html, 'One <script type="module">');
  const [moduleTag, moduleCode] = modules[0]!;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(MODULEPRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (!href) return link;
    preloads.push(href);
    return "";
  });
  // At least the client entry's; any left (written some other way) would still load at once.
  if (preloads.length === 0 || /<link\b[^>]*modulepreload/.test(withoutPreloads))
    return notDeferred(html, '<link rel="modulepreload" href>');
  const start = `(${STARTER})(${scriptJson(preloads)},${scriptJson(nonce)})`;
  return withoutPreloads.replace(
    moduleTag,
    () =>
      `<script type="text/plain" id="hydration-module">${moduleCode}</script>` +
      `<script nonce="${nonce}">${start}</script>`,
  );
}

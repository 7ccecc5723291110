import { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { scriptJson } from "~/lib/seo";
import { logger } from "../logger.server";

export const streamTimeout = 5_000;

/** The serialised loader data, whole; ServerRouter then renders no stream transfer of its own. */
export async function readHandoff(context: EntryContext): Promise<string> {
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

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const HYDRATION_MODULE = /<script nonce="[^"]*" type="module" async="">([\s\S]*?)<\/script>/;

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
  const module = HYDRATION_MODULE.exec(html);
  if (!module) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(MODULEPRELOAD, (_link, href: string) => {
    preloads.push(href);
    return "";
  });
  const start = `(${STARTER})(${scriptJson(preloads)},${scriptJson(nonce)})`;
  return withoutPreloads.replace(
    module[0],
    () =>
      `<script type="text/plain" id="hydration-module">${module[1]}</script>` +
      `<script nonce="${nonce}">${start}</script>`,
  );
}

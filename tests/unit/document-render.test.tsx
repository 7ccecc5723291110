import { lazy, Suspense } from "react";
import { describe, expect, it } from "vitest";
import {
  handoffScripts,
  hydrateAfterFirstPaint,
  readHandoff,
  renderStreamed,
  renderWhole,
} from "~/server/http/document.server";
import type { EntryContext } from "react-router";

function Page({ children }: { children?: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <main>{children ?? "ready"}</main>
      </body>
    </html>
  );
}

/** A page whose main holds one part inside a Suspense boundary. */
function withPart(part: React.ReactNode) {
  return (
    <Page>
      <Suspense fallback={<p>loading</p>}>{part}</Suspense>
    </Page>
  );
}

const Later = lazy(async () => ({ default: () => <p>loaded later</p> }));

describe("rendering a document", () => {
  it("renders a ready page to a string, with its doctype", () => {
    expect(renderWhole(<Page />)?.html).toBe(
      '<!DOCTYPE html><html lang="en"><head></head><body><main>ready</main></body></html>',
    );
  });

  it("leaves a page with a part that suspends to the streamed render, which waits for it", async () => {
    const page = withPart(<Later />);
    expect(renderWhole(page)).toBeUndefined();
    const streamed = await renderStreamed(page, new Request("http://store.test/"), "n0nce");
    expect(streamed.failed).toBe(false);
    expect(streamed.html).toContain("loaded later");
    expect(streamed.html).not.toContain("loading");
  });

  it("leaves a page that throws to the streamed render", async () => {
    function Broken(): React.ReactNode {
      throw new Error("broken part");
    }
    expect(renderWhole(withPart(<Broken />))).toBeUndefined();
  });

  it("writes the loader data as React Router's two scripts, safe inside a script element", async () => {
    const data = '[{"note":"</script><script>alert(1)</script> & \u2028"}]';
    const context = {
      serverHandoffStream: new Blob([data]).stream(),
    } as unknown as EntryContext;
    const handoff = await readHandoff(context);
    expect(handoff).toBe(data);
    expect(context.serverHandoffStream).toBeUndefined();
    const scripts = handoffScripts(handoff, "n0nce");
    expect(scripts).not.toMatch(/<\/script><script>alert/);
    expect(scripts.match(/<script nonce="n0nce">/g)).toHaveLength(2);
    expect(scripts).toMatch(/\.close\(\);<\/script>$/);
    // What the browser's script runs decodes back to the data.
    const enqueued = /enqueue\((.*)\);<\/script><script/.exec(scripts)![1]!;
    expect(JSON.parse(enqueued)).toBe(data);
  });
});

describe("scripts after the first paint", () => {
  const module =
    'import * as route0 from "/assets/root-1.js";\nwindow.price = "$&";\nimport("/assets/entry.client-2.js");';
  const page =
    '<html><head><link rel="stylesheet" href="/assets/root.css"/>' +
    '<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="n0nce"/>' +
    '<link rel="modulepreload" href="/assets/root-1.js" nonce="n0nce"/></head><body><main>ready</main>' +
    `<script nonce="n0nce">window.__reactRouterContext = {};</script>` +
    `<script nonce="n0nce" type="module" async="">${module}</script></body></html>`;

  it("leaves the stylesheet, takes the preloads out and keeps the module inert for the inline starter", () => {
    const html = hydrateAfterFirstPaint(page, "n0nce");
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('type="module"');
    expect(html).toContain("<main>ready</main>");
    expect(html).toContain(`<script type="text/plain" id="hydration-module">${module}</script>`);
    expect(html).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
    const starter =
      /<script nonce="n0nce">(\(function startScriptsAfterFirstPaint[\s\S]*?)<\/script>/.exec(html);
    expect(starter?.[1]).toMatch(
      /\)\(\["\/assets\/entry\.client-2\.js","\/assets\/root-1\.js"\],"n0nce"\)$/,
    );
  });

  it("leaves a document without React Router's module (a page that renders no scripts) as it is", () => {
    const plain = "<html><head></head><body><p>Offline</p></body></html>";
    expect(hydrateAfterFirstPaint(plain, "n0nce")).toBe(plain);
  });
});

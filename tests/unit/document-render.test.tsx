import { lazy, Suspense } from "react";
import {
  createRequestHandler,
  useLoaderData,
  type EntryContext,
  type ServerBuild,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import {
  handoffScripts,
  hydrateAfterFirstPaint,
  readHandoff,
  renderStreamed,
  renderWhole,
} from "~/server/http/document.server";
import { requestContext } from "~/server/http/request-context.server";
import { logger } from "~/server/logger.server";

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

/** A route's entry in the client manifest that `react-router build` writes (no client code). */
function clientRoute(id: string, module: string, more: object) {
  const server = { hasAction: false, hasLoader: false, hasErrorBoundary: false };
  const client = { hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false };
  return { id, module, ...server, ...client, ...more };
}

function Home() {
  return <main>{useLoaderData<{ greeting: string }>().greeting}</main>;
}

/**
 * The app's own server entry and root layout behind React Router's request handler, with a home
 * page and an admin page: what React Router renders for them is its real output, as in production
 * (the routes and the client manifest are small stand-ins for the build's).
 */
const build = {
  entry: { module: entryServer },
  routes: {
    root: { id: "root", path: "", module: root },
    home: {
      id: "home",
      parentId: "root",
      index: true,
      module: { default: Home, loader: () => ({ greeting: "Ready to shop" }) },
    },
    admin: {
      id: "admin",
      parentId: "root",
      path: "budzadmin",
      module: { default: () => <main>Sign in</main> },
    },
  },
  assets: {
    entry: { module: "/assets/entry.client-1.js", imports: ["/assets/framework-2.js"] },
    routes: {
      root: clientRoute("root", "/assets/root-3.js", {
        path: "",
        imports: ["/assets/shell-4.js"],
        css: ["/assets/root-5.css"],
        hasErrorBoundary: true,
      }),
      home: clientRoute("home", "/assets/home-6.js", {
        parentId: "root",
        index: true,
        hasLoader: true,
      }),
      admin: clientRoute("admin", "/assets/admin-7.js", { parentId: "root", path: "budzadmin" }),
    },
    url: "/assets/manifest-8.js",
    version: "8",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v8_middleware: true, v8_splitRouteModules: true },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const handle = createRequestHandler(build, "production");

/** The HTML the app answers for a path (with its main text, so the page is the one asked for). */
async function page(path: string, text: string) {
  const context = requestContext({ nonce: "n0nce", clientIp: "127.0.0.1" });
  const response = await handle(new Request(`http://store.test${path}`), context);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<main>${text}</main>`);
  return html;
}

describe("scripts after the first paint, in React Router's own render", () => {
  const warn = vi.spyOn(logger, "warn");
  afterEach(() => warn.mockClear());

  it("takes a storefront page's preloads out and keeps its module inert for the starter, loader data after", async () => {
    const html = await page("/", "Ready to shop");
    expect(html).toContain('rel="stylesheet" href="/assets/root-5.css"');
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const module = /<script type="text\/plain" id="hydration-module">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(module).toContain('import("/assets/entry.client-1.js");');
    expect(module).toContain('import * as route1 from "/assets/home-6.js";');
    const starter =
      /<script nonce="n0nce">\(function startScriptsAfterFirstPaint[\s\S]*?\)\((\[[^\]]*\]),"n0nce"\)<\/script>/.exec(
        html,
      );
    expect(JSON.parse(starter![1]!).sort()).toEqual(
      [
        "/assets/entry.client-1.js",
        "/assets/framework-2.js",
        "/assets/root-3.js",
        "/assets/shell-4.js",
        "/assets/home-6.js",
      ].sort(),
    );
    // The loader data follows, once, as React Router's stream transfer would write it.
    const after = html.slice(starter!.index);
    expect(after.match(/streamController\.enqueue\(.*Ready to shop.*\);<\/script>/g)).toHaveLength(
      1,
    );
    expect(html.match(/streamController\.close\(\)/g)).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it("leaves the back office's scripts as React Router wrote them", async () => {
    const html = await page("/budzadmin", "Sign in");
    expect(html).toMatch(/<link [^>]*modulepreload[^>]*"\/assets\/admin-7\.js"/);
    expect(html).toMatch(/<script [^>]*type="module"[^>]*>[^<]*import\(/);
    expect(html).not.toContain("hydration-module");
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['One <script type="module">', (html: string) => html.replace('type="module"', "type=module")],
    [
      '<link rel="modulepreload" href>',
      (html: string) => html.replaceAll('rel="modulepreload"', "rel=modulepreload"),
    ],
  ])(
    "says once that %s is not found in a changed render, and serves the page unchanged",
    async (what, change) => {
      // The back office's page is React Router's render, before any deferral.
      const changed = change(await page("/budzadmin", "Sign in"));
      expect(hydrateAfterFirstPaint(changed, "n0nce")).toBe(changed);
      expect(hydrateAfterFirstPaint(changed, "n0nce")).toBe(changed);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![1]).toBe(
        `${what} not found in React Router's render: storefront scripts load before the first paint (app/server/http/document.server.tsx, docs/decisions/document-rendering.md)`,
      );
    },
  );

  it("says when React Router hands over no loader data stream", async () => {
    expect(await readHandoff({} as EntryContext)).toBe("");
    expect(warn.mock.calls[0]![1]).toMatch(
      /^serverHandoffStream not found in React Router's render/,
    );
  });
});

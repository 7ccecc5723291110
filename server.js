// Starts the store: `npm start` (after `npm run build`) serves the production build; `npm run dev`
// serves the sources through Vite with hot reload.
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const production = process.env.NODE_ENV === "production";
// After the grace period (SHUTDOWN_GRACE_SECONDS) the process exits within this much more, whatever
// the email worker, the database or open sockets are doing.
const HARD_DEADLINE_EXTRA_MS = 5_000;

async function loadApp() {
  if (production) {
    const module = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
    return { module, mountStatic: mountBuildAssets };
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  const module = await devServer.ssrLoadModule("./server/app.ts");
  return { module, mountStatic: (app) => app.use(devServer.middlewares), devServer };
}

function mountBuildAssets(app) {
  // File names under assets/ carry a content hash: cache them forever.
  const assets = path.join(buildDir, "client/assets");
  const cacheForever = { immutable: true, maxAge: "1y", index: false };
  app.use("/assets", precompressed(assets, cacheForever), express.static(assets, cacheForever));
  // Every file there has an extension: a page's path (/category/flowers) skips the file lookup.
  const files = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
}

const CONTENT_TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};
const ENCODINGS = { br: ".br", gzip: ".gz" };

/**
 * Sends the Brotli or gzip copy `npm run build` made of a script or stylesheet (compress-assets.js)
 * to a browser that accepts it; anything else goes on to express.static.
 */
function precompressed(directory, options) {
  const copies = new Set(fs.existsSync(directory) ? fs.readdirSync(directory) : []);
  return (req, res, next) => {
    const type = CONTENT_TYPES[path.extname(req.path)];
    if (!type || (req.method !== "GET" && req.method !== "HEAD")) return next();
    res.vary("Accept-Encoding");
    const name = req.path.slice(1);
    // Brotli first, whatever order the browser names them in.
    const encoding = Object.keys(ENCODINGS).find(
      (e) => copies.has(name + ENCODINGS[e]) && req.acceptsEncodings(e) === e,
    );
    if (!encoding) return next();
    res.sendFile(name + ENCODINGS[encoding], {
      ...options,
      root: directory,
      headers: { "Content-Type": type, "Content-Encoding": encoding },
    });
  };
}

/**
 * A first start on the embedded database: creating, migrating and filling it runs in a child
 * process (`server.js --set-up`), whose memory goes when it exits; its answer is the first admin.
 */
function setUpInChild() {
  return new Promise((resolve) => {
    const child = fork(fileURLToPath(import.meta.url), ["--set-up"], { stdio: "inherit" });
    let answer;
    child.on("message", (message) => (answer = message));
    const stop = () => child.kill("SIGTERM");
    process.once("SIGTERM", stop).once("SIGINT", stop);
    child.on("exit", (code) => {
      process.off("SIGTERM", stop).off("SIGINT", stop);
      if (code !== 0) process.exit(code ?? 1);
      resolve(answer);
    });
  });
}

async function setUpAndExit(module) {
  try {
    process.send({ firstAdmin: await module.setUpStoreAlone() });
    process.exit(0);
  } catch (error) {
    console.error(error instanceof module.StartupError ? error.message : error);
    process.exit(1);
  }
}

async function main() {
  const { module, mountStatic, devServer } = await loadApp();
  let settings;
  try {
    settings = module.loadConfig();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (process.argv.includes("--set-up")) return setUpAndExit(module);
  const setUp = production && module.setsUpEmbeddedDatabase() ? await setUpInChild() : undefined;
  let services;
  try {
    services = await module.startServices(setUp);
  } catch (error) {
    console.error(error instanceof module.StartupError ? error.message : error);
    await devServer?.close();
    process.exit(1);
  }
  const app = module.createApp({ mountStatic });
  // Express 5 calls back with the error when the port is taken: the "error" handler says so.
  const server = app.listen(settings.PORT, settings.HOST, (error) => {
    if (error) return;
    const { port } = server.address();
    // One address for the log line and the box (PUBLIC_URL, else this machine's).
    const store = module.storeAddress(port);
    module.logger.info({ port }, `store ready on ${store}`);
    // Outside the structured log on purpose: the one thing a newcomer must read, easy to copy, and
    // last: after the start's log lines (written asynchronously) have gone out.
    const box = module.welcomeBox(services.welcome, store);
    setTimeout(() => console.log(`\n${box}\n`), 300).unref();
  });
  server.on("error", async (error) => {
    console.error(`Cannot listen on port ${settings.PORT}: ${error.message}`);
    await services.stop();
    process.exit(1);
  });

  let stopping = false;
  /** Logging must never stop a shutdown (stdout may be a closed pipe). */
  const log = (level, fields, message) => {
    try {
      module.logger[level](fields, message);
    } catch {
      // nowhere to write: carry on
    }
  };

  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    const graceMs = settings.SHUTDOWN_GRACE_SECONDS * 1000;
    let phase = "finishing in-flight requests";
    // The hard deadline, armed before anything else can fail: unref'd, so it never keeps alive a
    // process that would exit anyway.
    const deadline = setTimeout(() => {
      let busy = {};
      try {
        busy = services.busy();
      } catch {
        // report what we can
      }
      log(
        "error",
        { afterMs: Date.now() - started, step: phase, ...busy },
        "shutdown deadline passed: exiting and abandoning what is still running (emails in flight are sent again after their lock expires)",
      );
      process.exit(1);
    }, graceMs + HARD_DEADLINE_EXTRA_MS);
    deadline.unref();
    log("info", { signal, graceMs }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    try {
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeIdleConnections();
      });
      phase = "stopping services";
      await devServer?.close();
      await services.stop();
    } catch (error) {
      log("error", { err: error, step: phase }, "shutdown: could not stop cleanly");
      process.exit(1);
    }
    log("info", { ms: Date.now() - started }, "stopped cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

await main();

import crypto from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { clientAddress } from "~/server/http/client-address.server";
import { requestContext } from "~/server/http/request-context.server";
import { untrustedProxyRefusal } from "~/server/auth/origin.server";
import { config } from "~/server/config.server";
import { db, pingDatabase } from "~/server/db.server";
import { imagesHandler } from "~/server/images/serve-images.server";
import { logger } from "~/server/logger.server";
import { pageCacheMiddleware } from "~/server/storefront/page-cache.server";
import * as serverBuild from "virtual:react-router/server-build";

export {
  setsUpEmbeddedDatabase,
  setUpStoreAlone,
  startServices,
  storeAddress,
  welcomeBox,
} from "~/server/boot.server";

function securityHeaders(production: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${production ? "" : " 'unsafe-inline'"}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${production ? "" : " ws: wss:"}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
    if (production) res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (production && config().publicUrl.startsWith("https:")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}

function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const entry = {
      method: req.method,
      url: req.originalUrl,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    if (res.statusCode >= 500) logger.error(entry, "request");
    else logger.info(entry, "request");
  });
  next();
}

/**
 * A form post through a TLS proxy the server does not trust (TRUST_PROXY unset) would get React
 * Router's bare "Bad Request" (its origin check compares the https Origin with the http request):
 * it gets the reason and what to set instead, and the log says it once.
 */
function untrustedProxyGuard() {
  let logged = false;
  return (req: Request, res: Response, next: NextFunction) => {
    const refusal = untrustedProxyRefusal({
      method: req.method,
      protocol: req.protocol,
      origin: req.get("Origin"),
      host: req.get("Host"),
      forwardedProto: req.get("X-Forwarded-Proto"),
    });
    if (!refusal) return next();
    if (!logged) logger.warn({ url: req.originalUrl, origin: req.get("Origin") }, refusal);
    logged = true;
    res.status(400).type("text/plain").set("Cache-Control", "no-store").send(refusal);
  };
}

/**
 * The HTTP application: security headers, compression, uploaded images, health check and the React
 * Router handler. Static build assets are mounted by server.js, which knows where the build lives.
 */
export function createApp(options: { mountStatic?: (app: express.Express) => void } = {}) {
  const production = config().NODE_ENV === "production";
  const app = express();
  app.disable("x-powered-by");
  // N trusted hops: req.protocol and the client address come from the proxies' own headers.
  if (config().TRUST_PROXY) app.set("trust proxy", config().TRUST_PROXY);
  app.use(requestLog);
  app.use(compression());
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });

  app.get("/healthz", async (_req, res) => {
    try {
      await Promise.race([
        pingDatabase(db()),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000)),
      ]);
      res.status(200).type("text/plain").set("Cache-Control", "no-store").send("ok");
    } catch (error) {
      logger.warn({ err: error }, "health check failed");
      res
        .status(503)
        .type("text/plain")
        .set("Cache-Control", "no-store")
        .send("database unavailable");
    }
  });

  // Stored images never change (new uploads get new names), so they are cached for a year: from
  // DATA_DIR/images, or from the bucket with STORAGE=s3 (app/server/images/serve-images.server.ts).
  app.use("/images", imagesHandler());
  options.mountStatic?.(app);

  // Page headers (CSP with a nonce and the rest) only for what React Router renders: static files
  // above don't need them, and they would add about 1 KB to every asset response.
  app.use(securityHeaders(production));
  // Storefront pages shared by every visitor without a session come from the page cache.
  app.use(pageCacheMiddleware());
  app.use(untrustedProxyGuard());
  app.all(
    "/{*splat}",
    createRequestHandler({
      // The build object, not a function returning it: given a function, React Router rebuilds
      // its route table on every request (for hot reload), a third of a small request's CPU.
      build: import.meta.env.DEV ? () => import("virtual:react-router/server-build") : serverBuild,
      getLoadContext: (req, res) =>
        requestContext({
          nonce: String(res.locals.nonce),
          clientIp: clientAddress({
            forwardedFor: req.get("X-Forwarded-For"),
            socketAddress: req.socket.remoteAddress,
            trustedHops: config().TRUST_PROXY,
          }),
        }),
    }),
  );

  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const status =
      (error as { status?: number; statusCode?: number }).statusCode ??
      (error as { status?: number }).status;
    if (res.headersSent) return next(error);
    if (status && status >= 400 && status < 500) {
      res
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not Found" : "Bad Request");
      return;
    }
    logger.error({ err: error, url: req.originalUrl }, "unhandled error");
    res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}

export { StartupError } from "~/server/boot.server";
export { logger } from "~/server/logger.server";

/** Validates the environment; throws ConfigError with one line naming the bad variable. */
export function loadConfig() {
  return config();
}

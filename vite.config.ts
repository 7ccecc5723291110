import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// Every page loads React, React Router and the root's own small modules: one chunk each, so a page
// does not fetch (and name in its HTML) a handful of small pieces that split apart whenever an
// admin screen happens to share one of them.
const SHELL = [
  "/app/lib/errors.ts",
  "/app/components/ui/error-page.tsx",
  "/app/lib/nonce.ts",
  "/app/lib/use-hydrated.ts",
];

// The pieces (components, helpers, icons) that two or more of the pages a shopper lands on share:
// one chunk, not thirty files of a few hundred bytes that each cost a request and its headers on a
// phone (Lighthouse counted 40 scripts on the home page). Checkout's and the account's own pieces
// are left out, so a first visit does not fetch them.
const LANDING_ROUTE =
  /\/app\/(root\.tsx|routes\/store\/(layout|home|category|product|search|content-page|not-found)\.tsx)$/;
const SHARED = /\/app\/(components\/(store|ui|form)|lib)\/|\/node_modules\/lucide-react\//;
const MESSAGES = /\/app\/lib\/i18n\/messages\//;
const FIRST_PAGE = /\/app\/(root\.tsx|routes\/store\/(layout|home)\.tsx)$/;
type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/** The landing routes that import a module, directly or through other modules. */
const routesReaching = new Map<string, Set<string>>();
function landingRoutesReaching(id: string, getModuleInfo: ModuleInfoOf): Set<string> {
  const known = routesReaching.get(id);
  if (known) return known;
  const routes = new Set<string>();
  routesReaching.set(id, routes); // an import cycle ends here
  if (LANDING_ROUTE.test(id)) routes.add(id);
  else
    for (const importer of getModuleInfo(id)?.importers ?? [])
      for (const route of landingRoutesReaching(importer, getModuleInfo)) routes.add(route);
  return routes;
}

function clientChunk(
  id: string,
  { getModuleInfo }: { getModuleInfo: ModuleInfoOf },
): string | undefined {
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return "framework";
  if (SHELL.some((path) => id.endsWith(path))) return "shell";
  if (!SHARED.test(id)) return undefined;
  const routes = landingRoutesReaching(id, getModuleInfo);
  // A catalogue of messages joins the landing chunk only when the first page (the layout or Home)
  // shows it: the listing's or the product page's words are fetched by those pages alone.
  if (MESSAGES.test(id) && ![...routes].some((route) => FIRST_PAGE.test(route))) return undefined;
  if (routes.size >= 2) return "landing";
  return undefined;
}

/**
 * The backup's dump worker runs in a worker thread, which loads a file of its own: the server build
 * emits it (bundled with what it imports) beside index.js, as build/server/dump-worker.js, the
 * name dump.server.ts looks for beside itself, in the sources as in the build.
 */
function backupDumpWorker(): Plugin {
  return {
    name: "budz:backup-dump-worker",
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: "./app/server/backup/dump-worker.js",
        fileName: "dump-worker.js",
      });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  // The server bundle keeps only the icons it uses: loaded from node_modules, lucide-react's index
  // brings every icon into the server (0.4 s at every start).
  ssr: command === "build" ? { noExternal: ["lucide-react"] } : undefined,
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            manualChunks: clientChunk,
          },
        },
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    ...(command === "build" && isSsrBuild ? [backupDumpWorker()] : []),
  ],
}));

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Every page loads React, React Router and the root's own small modules: one chunk each, so a page
// does not fetch (and name in its HTML) a handful of small pieces that split apart whenever an
// admin screen happens to share one of them.
const SHELL = [
  "/app/lib/errors.ts",
  "/app/components/ui/error-page.tsx",
  "/app/lib/nonce.ts",
  "/app/lib/use-hydrated.ts",
];
function clientChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return "framework";
  if (SHELL.some((path) => id.endsWith(path))) return "shell";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            manualChunks: clientChunk,
          },
        },
  },
  plugins: [tailwindcss(), reactRouter()],
}));

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Parallel local runs (several checkouts of the work) may build to separate directories.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_splitRouteModules: true,
    // Middleware: the admin guard runs once per request, before any admin loader or action.
    v8_middleware: true,
  },
} satisfies Config;

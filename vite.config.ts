import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            manualChunks: (id: string) =>
              id.includes("/node_modules/react-router/") ? "react-router" : undefined,
          },
        },
  },
  plugins: [tailwindcss(), reactRouter()],
}));

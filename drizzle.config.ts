import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/schema/index.ts",
  out: "./drizzle",
});

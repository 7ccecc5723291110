import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build",
      "node_modules",
      ".react-router",
      "drizzle",
      "data",
      "test-results",
      "playwright-report",
      ".tmp",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // app/**/*.js: the few modules Node runs as they are (the backup's dump worker), typed with JSDoc.
    files: ["**/*.{ts,tsx}", "app/**/*.js"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false } },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Routes and components reach the database only through app/server/** modules (queries live
    // there, next to their tests); a query written in a route would escape them.
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^drizzle-orm(/.*)?$",
              message:
                "Routes and components do not query the database: call a function from app/server/** instead.",
            },
            {
              regex: "(^|/)db\\.server$",
              message:
                "Routes and components do not open the database: call a function from app/server/** instead.",
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.js"], languageOptions: { globals: { ...globals.node } } },
);

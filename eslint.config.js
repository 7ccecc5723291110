import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// nodemailer is known to one adapter, through its public API only (its lib/ files are private).
const nodemailerOutsideItsAdapter = {
  regex: "^nodemailer(/.*)?$",
  message: "Only app/server/email/smtp.server.ts uses nodemailer: go through its functions.",
};

const storefrontText =
  "Storefront text comes from a message catalogue (app/lib/i18n/messages): use t(...) from useT.";

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
    ignores: ["app/server/email/smtp.server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [nodemailerOutsideItsAdapter] }] },
  },
  {
    files: ["app/server/email/smtp.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^nodemailer/", message: "nodemailer's lib/ files are private." }] },
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
            nodemailerOutsideItsAdapter,
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
  {
    // No import cycle between files (a module evaluated before the one it imports is ready). Imports
    // of types only are left out: they vanish from the JavaScript. Packages are not followed. The
    // areas of app/server are held to one direction by tests/unit/server-areas.test.ts.
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Shopper-facing text comes from the message catalogues (app/lib/i18n/messages), so every
    // storefront page exists in English and French: no bare words in the storefront's JSX.
    files: [
      "app/routes/store/**/*.tsx",
      "app/components/store/**/*.tsx",
      "app/components/ui/error-page.tsx",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXText[value=/[A-Za-z]{2,}/]",
          message: storefrontText,
        },
        {
          selector:
            "JSXAttribute[name.name=/^(aria-label|title|alt|placeholder|label)$/] > Literal[value=/[A-Za-z]{2,}/]",
          message: storefrontText,
        },
        {
          selector: "JSXExpressionContainer > Literal[value=/[A-Za-z]{2,} [A-Za-z]/]",
          message: storefrontText,
        },
      ],
    },
  },
  { files: ["**/*.js"], languageOptions: { globals: { ...globals.node } } },
);

// Flat config: typescript-eslint's recommended rules everywhere, react-hooks for the admin UI and
// the storefront components.
import js from "@eslint/js"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".medusa/",
      ".demo/",
      ".artifacts/",
      ".toolchains/",
      "coverage/",
      "src/modules/*/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mjs,js}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["src/admin/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The storefront entry points run in the shopper's browser (and in server renders).
    files: ["src/storefront/**/*.{ts,tsx}", "scripts/storefront/**/*.{ts,tsx,mjs,js}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/__tests__/**", "integration-tests/**"],
    languageOptions: { globals: { ...globals.jest } },
  }
)

// Flat config: typescript-eslint's recommended rules everywhere, react-hooks for the admin UI and
// the storefront components, and the layer rules (what each folder of src/ may import).
import js from "@eslint/js"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

// The layers of CONTRIBUTING.md ("The layers, and what each may import"), top to bottom, with what
// each may import: a whole folder (ALL) or only the files named. Anything else of src/ is refused,
// but for types from a layer below. Imports are relative ("../../providers/vorexy/options"): a
// pattern is a climb ("../", any number of times) into another folder of src/.
const ALL = "*"
const LAYERS = {
  api: {
    reconciliation: ALL,
    workflows: ALL,
    modules: ALL,
    policies: ALL,
    // ids, options (and the installments they price), the session-data checks
    providers: [
      "vorexy/provider-ids",
      "vorexy/options",
      "vorexy/installments",
      "vorexy/core/data-size",
      "vorexy/core/raw-card",
      "vorexy/core/session-input",
      "vorexy/core/errors",
    ],
    gateway: ALL,
    "charge-facts": ALL,
    "method-discounts": ALL,
    rules: ALL,
  },
  subscribers: {
    reconciliation: ALL,
    workflows: ALL,
    notifications: ALL,
    modules: ALL,
    providers: ["vorexy/core/events"], // event names
    gateway: ALL,
    rules: ALL,
  },
  jobs: { reconciliation: ALL, "method-discounts": ALL, rules: ALL },
  "method-discounts": {
    modules: ALL,
    providers: ["vorexy/provider-ids", "vorexy/options"],
    rules: ALL,
  },
  reconciliation: {
    workflows: ALL,
    notifications: ALL,
    modules: ALL,
    providers: ["vorexy/provider-ids", "vorexy/core/adopt-session"], // ids, adoption key
    gateway: ALL,
    rules: ALL,
  },
  notifications: { modules: ALL, gateway: ALL, "charge-facts": ALL, rules: ALL },
  workflows: {
    notifications: ALL,
    modules: ALL,
    "method-discounts": ["mismatch", "promotions"],
    providers: ["vorexy/provider-ids"],
    gateway: ALL,
    "charge-facts": ALL,
    rules: ALL,
  },
  // options, keyring
  modules: {
    providers: ["vorexy/options", "vorexy/core/binding", "vorexy/core/payer"],
    gateway: ALL,
    rules: ALL,
  },
  providers: { gateway: ALL, "charge-facts": ALL, rules: ALL },
  policies: { rules: ALL },
  gateway: { rules: ALL },
  "charge-facts": { rules: ALL },
  // the timing (and the pure rules) every layer shares
  rules: {},
}
/** Built and run apart: the admin's bundle, the shopper's browser, the package's bin. */
const APART = {
  admin: { gateway: ["money"], "charge-facts": ["index", "fields"] },
  storefront: { gateway: ["documents"] },
  cli: {},
}
/** What a folder refuses beyond the table. */
const EXTRA = {
  gateway: [
    { regex: "^@medusajs/", message: "gateway/ never imports @medusajs/* (CONTRIBUTING.md)." },
  ],
  cli: [
    {
      regex: "^(?!node:|\\.\\.?/)",
      message: "cli/ imports Node's own modules only (CONTRIBUTING.md).",
    },
  ],
}
/** `api/admin/` is the api's own (its folder is `vorexy/`): only `src/admin/` is refused there. */
const NAMESAKES = { api: { admin: "vorexy/" } }

const SERVER = Object.keys(LAYERS)
const FOLDERS = [...SERVER, ...Object.keys(APART)]
const WHERE = `see CONTRIBUTING.md, "The layers, and what each may import"`

/** A layer's block: a no-restricted-imports pattern per folder it may not take whole. */
function layerBlock(layer, may, typesFrom) {
  const patterns = []
  for (const folder of FOLDERS) {
    const files = may[folder]
    if (folder === layer || files === ALL) continue
    const exceptions = (files ?? []).map((file) => `${file}(?:\\.js)?$`)
    if (NAMESAKES[layer]?.[folder]) exceptions.push(NAMESAKES[layer][folder])
    const below = exceptions.length ? `/(?!${exceptions.join("|")})` : "/"
    const types = typesFrom.includes(folder)
    patterns.push({
      regex: `^(?:\\.\\./)+${folder}(?:${below}|$)`,
      caseSensitive: true,
      allowTypeImports: types,
      message: files
        ? `${layer}/ may import only ${files.map((f) => `${folder}/${f}`).join(", ")}${types ? " and types" : ""} of ${folder}/ (${WHERE}).`
        : `${layer}/ may not import ${folder}/${types ? " but for types" : ""} (${WHERE}).`,
    })
  }
  return {
    files: [`src/${layer}/**/*.{ts,tsx,mjs,js}`],
    ignores: ["**/__tests__/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...patterns, ...(EXTRA[layer] ?? [])] }],
    },
  }
}

const layerBlocks = [
  ...SERVER.map((layer, i) => layerBlock(layer, LAYERS[layer], SERVER.slice(i + 1))),
  // The admin sits above every layer (their types are fine); the storefront and the bin take none.
  ...Object.entries(APART).map(([layer, may]) =>
    layerBlock(layer, may, layer === "admin" ? SERVER : [])
  ),
]

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
  },
  ...layerBlocks
)

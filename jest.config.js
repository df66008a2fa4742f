// Two suites: "unit" (no database, no Medusa boot) and "integration" (sandbox over HTTP, and Medusa
// booted by medusaIntegrationTestRunner on a real PostgreSQL; see integration-tests/setup/).
const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", decorators: true, tsx: true },
      target: "es2021",
      transform: { react: { runtime: "automatic" } },
    },
  },
]

const common = {
  transform: { "^.+\\.[jt]sx?$": swc },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/", "<rootDir>/.demo/"],
}

if (process.env.TEST_TYPE === "integration") {
  module.exports = {
    ...common,
    testMatch: ["<rootDir>/integration-tests/**/*.spec.ts"],
    setupFiles: ["<rootDir>/integration-tests/setup/metadata.js"],
    globalSetup: "<rootDir>/integration-tests/setup/global-setup.mjs",
    globalTeardown: "<rootDir>/integration-tests/setup/global-teardown.mjs",
    testSequencer: "<rootDir>/integration-tests/setup/sequencer.mjs",
    testTimeout: 120000,
  }
} else {
  module.exports = {
    ...common,
    testMatch: [
      "<rootDir>/src/**/__tests__/**/*.unit.spec.ts",
      "<rootDir>/src/**/__tests__/**/*.unit.spec.tsx",
      "<rootDir>/sandbox/**/__tests__/**/*.unit.spec.ts",
      "<rootDir>/scripts/__tests__/**/*.unit.spec.ts",
      "<rootDir>/bench/**/__tests__/**/*.unit.spec.ts",
    ],
    // The storefront's sources import "./x.js" (as its ESM build needs): resolve them to x.ts.
    moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  }
}

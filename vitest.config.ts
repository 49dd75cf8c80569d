import { defineConfig } from "vitest/config";

// Two projects: fast pure unit tests, and integration tests that boot the real HTTP
// app on a real Postgres (PGlite by default, a server when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // Unit tests run first, fast and wide; integration tests after, two at a time.
          sequence: { groupOrder: 0 },
          include: ["packages/*/src/**/*.test.ts", "apps/web/src/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["packages/*/src/**/*.int.test.ts", "apps/server/src/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy (WASM); two workers fit the 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});

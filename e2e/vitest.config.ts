import { defineConfig } from "vitest/config";

// Browser flows against the built platform in a real Chromium. One server for the run
// (global setup); each test signs up its own users, so files can share it.
export default defineConfig({
  test: {
    name: "e2e",
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const base = () => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), "liftoff-config-")),
  AUTH_SECRET: "x".repeat(32),
});

describe("loadConfig", () => {
  it("runs on a bare machine: embedded database, generated secret, default pipelines", () => {
    const config = loadConfig({ DATA_DIR: base().DATA_DIR });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePipelines).toBeUndefined();
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.port).toBe(3000);
  });

  it("reads DATABASE_PIPELINES as a count, 0 meaning none", () => {
    expect(loadConfig({ ...base(), DATABASE_PIPELINES: "4" }).databasePipelines).toBe(4);
    expect(loadConfig({ ...base(), DATABASE_PIPELINES: "0" }).databasePipelines).toBe(0);
  });

  it.each(["-1", "two", "1.5", "65"])("refuses DATABASE_PIPELINES=%s, naming the variable", (value) => {
    expect(() => loadConfig({ ...base(), DATABASE_PIPELINES: value })).toThrow(
      /Invalid configuration:\n\s+DATABASE_PIPELINES: /,
    );
  });
});

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

  it("probes the well-known local model ports unless AI_LOCAL_SERVERS says otherwise", () => {
    expect(loadConfig(base()).aiLocalServers.map((s) => s.baseURL)).toEqual([
      "http://127.0.0.1:11434/v1",
      "http://127.0.0.1:1234/v1",
      "http://127.0.0.1:8080/v1",
      "http://127.0.0.1:8000/v1",
    ]);
    expect(loadConfig({ ...base(), AI_LOCAL_SERVERS: "none" }).aiLocalServers).toEqual([]);
    expect(
      loadConfig({ ...base(), AI_LOCAL_SERVERS: "http://gpu-box:11434/v1/, http://10.0.0.5:8000/v1" })
        .aiLocalServers,
    ).toEqual([
      { id: "local-1", name: "Model server at gpu-box:11434", baseURL: "http://gpu-box:11434/v1" },
      { id: "local-2", name: "Model server at 10.0.0.5:8000", baseURL: "http://10.0.0.5:8000/v1" },
    ]);
    expect(() => loadConfig({ ...base(), AI_LOCAL_SERVERS: "ftp://x" })).toThrow(/AI_LOCAL_SERVERS/);
  });
});

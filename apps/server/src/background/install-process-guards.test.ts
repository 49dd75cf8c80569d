import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const guards = fileURLToPath(new URL("./install-process-guards.ts", import.meta.url));

/**
 * The guards run in a child process: installed in a Vitest worker they would hide the
 * unhandled errors Vitest must report.
 */
async function child(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const source = `import { installProcessGuards } from ${JSON.stringify(guards)};\n${script}`;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", source],
      {
        timeout: 20_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("process guards", () => {
  it("log an unhandled rejection with its stack and keep the process serving", async () => {
    const result = await child(`
      installProcessGuards(() => { console.log("stopped"); process.exit(1); });
      Promise.reject(new Error("forgotten rejection"));
      setTimeout(() => console.log("still serving"), 50);
    `);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("still serving\n");
    const entry = JSON.parse(result.stderr.trim().split("\n")[0]!);
    expect(entry).toMatchObject({ level: "error", error: { message: "forgotten rejection" } });
    expect(entry.message).toMatch(/unhandled promise rejection/);
    expect(entry.error.stack).toContain("forgotten rejection");
  });

  it("log an uncaught exception and stop through the given graceful stop", async () => {
    const result = await child(`
      installProcessGuards((reason) => { console.log("stopping: " + reason); process.exit(1); });
      setTimeout(() => { throw new Error("thrown in a timer"); }, 0);
      setTimeout(() => console.log("never"), 500);
    `);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("stopping: uncaughtException\n");
    const entry = JSON.parse(result.stderr.trim().split("\n")[0]!);
    expect(entry).toMatchObject({ level: "error", message: "uncaught exception; stopping" });
    expect(entry.error.message).toBe("thrown in a timer");
  });
});

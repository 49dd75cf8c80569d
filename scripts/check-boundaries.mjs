// Enforces the dependency direction of ARCHITECTURE.md on every import in the repo:
//   domain -> zod only; db -> domain; ui -> react/radix/icons, never data or server code;
//   apps/web -> never db or server code; packages/* -> never apps/*.
// Run by `npm run lint`; exits non-zero with one line per violation.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;

const RULES = [
  {
    dir: "packages/domain/src",
    allow: (spec) => spec === "zod" || spec.startsWith("zod/") || spec.startsWith("."),
    why: "domain depends on nothing but zod",
  },
  {
    dir: "packages/db/src",
    allow: (spec) =>
      spec.startsWith(".") ||
      spec.startsWith("node:") ||
      ["@liftoff/domain", "kysely", "kysely/migration", "pg", "@electric-sql/pglite"].includes(spec),
    why: "db depends on domain, kysely and the drivers only",
  },
  {
    dir: "packages/sdk/src",
    allow: (spec) => spec.startsWith(".") || spec === "@liftoff/domain",
    why: "the SDK runs inside generated apps: domain and its own files only",
  },
  {
    dir: "packages/compiler/src",
    allow: (spec) =>
      spec.startsWith(".") ||
      spec.startsWith("node:") ||
      ["@liftoff/domain", "esbuild", "tailwindcss", "@tailwindcss/oxide", "acorn", "acorn-jsx"].includes(
        spec,
      ),
    why: "the compiler depends on domain, esbuild, Tailwind and acorn (the validators' parser) only",
  },
  {
    dir: "packages/ai/src",
    allow: (spec) =>
      spec.startsWith(".") ||
      spec.startsWith("node:") ||
      spec.startsWith("@ai-sdk/") ||
      ["@liftoff/domain", "@liftoff/sdk", "ai", "zod"].includes(spec),
    why: "ai depends on domain and the AI SDK only, never on server code",
  },
  {
    dir: "packages/knowledge/src",
    allow: (spec) =>
      spec.startsWith(".") ||
      spec.startsWith("node:") ||
      [
        "@liftoff/domain",
        "@mozilla/readability",
        "ipaddr.js",
        "linkedom",
        "mammoth",
        "robots-parser",
        "unpdf",
        "word-extractor",
        "zod",
      ].includes(spec),
    why: "knowledge (extract, chunk, crawl, rank) depends on domain and its parsers only, never on data or server code",
  },
  {
    dir: "packages/runtime/src",
    allow: (spec) =>
      !/^@liftoff\/(db|server|web|compiler|ai)/.test(spec) && spec !== "pg" && spec !== "kysely",
    why: "the runtime runs inside untrusted frames: no data, server or build-time packages",
  },
  {
    dir: "packages/ui/src",
    allow: (spec) => !spec.startsWith("@liftoff/") || spec === "@liftoff/domain",
    why: "ui never imports data or server packages",
  },
  {
    dir: "apps/web/src",
    allow: (spec) =>
      !/^@liftoff\/(db|server)/.test(spec) &&
      !spec.includes("apps/server") &&
      spec !== "pg" &&
      spec !== "kysely",
    why: "the web app never imports db or server code",
  },
];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield path;
  }
}

const TEST_TOOLS = new Set(["vitest", "fast-check"]);
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const violations = [];
for (const rule of RULES) {
  for (const file of sourceFiles(join(root, rule.dir))) {
    // The compiler's fixtures and tests, and the assistant's prompt texts, hold app source
    // code as strings: their "imports" are the app's, not the package's.
    if (rule.dir === "packages/compiler/src" && (/\.test\.ts$/.test(file) || file.includes("/fixtures/")))
      continue;
    if (rule.dir === "packages/ai/src" && file.includes("/prompts/") && file.endsWith("-section.ts"))
      continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (!spec) continue;
      // Tests may also use the test tools and boot the real server; the rules are about what ships.
      const isTest = /\.test\.tsx?$/.test(file);
      if (
        isTest &&
        (TEST_TOOLS.has(spec) || spec.startsWith("node:") || spec.includes("/apps/server/src/testing/"))
      )
        continue;
      const crossesIntoApps =
        file.includes("/packages/") &&
        (spec.includes("/apps/") || spec.startsWith("@liftoff/server") || spec.startsWith("@liftoff/web"));
      if (!rule.allow(spec) || crossesIntoApps)
        violations.push(`${relative(root, file)}: imports "${spec}" (${rule.why})`);
    }
  }
}
if (violations.length) {
  process.stderr.write(`Dependency rule violations:\n${violations.map((v) => `  ${v}`).join("\n")}\n`);
  process.exit(1);
}
process.stdout.write("dependency rules: ok\n");

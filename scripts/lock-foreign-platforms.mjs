// The npm registry this project's machines reach does not serve some platform-specific
// optional binaries (Biome's and Tailwind's builds for macOS, Windows, Android, musl...).
// npm then leaves them out of package-lock.json, and `npm ci` refuses the lockfile as
// "out of sync". This adds a lock entry for each missing one, with its os/cpu/libc, so
// npm ci on this platform skips it (as it would with a complete lockfile) and a machine
// of that platform still resolves it from the real registry. Run after `npm install`.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

/** Platform fields from the conventional package-name suffix. */
function platformOf(name) {
  const tail = name.split("/").pop();
  const os = ["android", "darwin", "freebsd", "linux", "win32", "wasm32"].find(
    (o) => tail.includes(`-${o}-`) || tail.endsWith(`-${o}`),
  );
  const cpu = ["arm64", "x64", "arm", "ia32", "wasi"].find((c) => tail.includes(`-${c}`));
  if (os === "wasm32") return { cpu: ["wasm32"] };
  const fields = {};
  if (os) fields.os = [os];
  if (cpu) fields.cpu = [cpu === "arm" ? "arm" : cpu];
  if (tail.includes("musl")) fields.libc = ["musl"];
  if (tail.includes("-gnu")) fields.libc = ["glibc"];
  return fields;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (packages[key] || packages[`${path}/node_modules/${dep}`]) continue;
    packages[key] = { version, dev: entry.dev || undefined, optional: true, ...platformOf(dep) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`lock-foreign-platforms: added ${added} entries\n`);

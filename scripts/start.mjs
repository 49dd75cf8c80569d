// `npm start`: build what is stale, then run the platform — API and web app — in this one
// Node process on PORT, with the embedded database unless DATABASE_URL is set.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfNeeded } from "./build-if-needed.mjs";

const root = new URL("..", import.meta.url).pathname;
buildIfNeeded();
process.env.NODE_ENV ??= "production";
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(root, "apps/server/dist/main.js")).href);

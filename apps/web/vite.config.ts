import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const API_TARGET = process.env.LIFTOFF_API_URL ?? "http://localhost:3001";

/** Paths the host entry (host.html) serves: published apps and their login pages. */
const HOST_PAGE_PATH = /^\/(app\/[^/?#]+|apps\/[^/?#]+\/login\/?)([/?#]|$)/;

/**
 * In development, serve host.html for the host page's paths, as the server does in
 * production, so published apps and app login pages work with hot reload.
 */
function hostPageInDev(): Plugin {
  return {
    name: "liftoff-host-page",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && HOST_PAGE_PATH.test(req.url)) req.url = "/host.html";
        next();
      });
    },
  };
}

const proxy = { target: API_TARGET, changeOrigin: true };

export default defineConfig({
  plugins: [react(), tailwindcss(), hostPageInDev()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Two pages: the platform SPA and the host of published apps, which shares no code
    // with the builder beyond the kit, so end users download only what they run. That
    // holds because `domain` and `ui` declare `sideEffects` in their package.json: without
    // it every module their barrels re-export (every kit component, every contract) counted
    // as used by both pages and landed in the chunk the host page loads (172 KB → 127 KB
    // brotli for a published app's page, measured 2026-11-25).
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL("./index.html", import.meta.url)),
        host: fileURLToPath(new URL("./host.html", import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": proxy,
      "/auth/social": proxy,
      "/live_api": proxy,
      "/runtime": proxy,
      "/integrations": proxy,
      "/files": proxy,
      // GET /apps/{id}/integrations/schema is the server's; /apps itself is an SPA route.
      "^/apps/[^/]+/integrations": proxy,
    },
  },
  preview: { port: 4173 },
});

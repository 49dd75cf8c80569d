import type { Loader, Plugin } from "esbuild";
import { APP_NAMESPACE, ENTRY_NAMESPACE } from "./esbuild-diagnostic.ts";
import { lucideModule } from "./lucide-imports.ts";
import { resolveAppFile } from "./resolve-app-file.ts";
import { unresolvedMessage } from "./unresolved-message.ts";
import { virtualModule } from "./virtual-module.ts";

const VIRTUAL_NAMESPACE = "liftoff-virtual";
const EMPTY_NAMESPACE = "liftoff-empty";
const LUCIDE_NAMESPACE = "liftoff-lucide";
export const ENTRY_PATH = "entry";

/** What one bundle reads. */
export type BundleSource = {
  files: Record<string, string>;
  entityNames: string[];
  entrySource: string;
  /** Specifiers the frame's import map provides (vendor packages, kit components). */
  externals: Set<string>;
};

export function loaderOf(fileId: string): Loader {
  if (fileId.endsWith(".tsx")) return "tsx";
  if (fileId.endsWith(".ts")) return "ts";
  // .js files may hold JSX too (generated apps often put components in .js files).
  return "jsx";
}

const APP_SPECIFIER =
  /^(\.\.?\/|@\/(pages|services|layout|entities|api|lib|utils|globals)|@\/components\/([^u]|u[^i]|ui[^/]))/;

/**
 * Resolves every import of a space app without touching the disk: app files from the
 * in-memory map, generated virtual modules, and vendor specifiers left external for the
 * import map. Anything else is an 'unresolved-import' error at the import statement.
 */
export function appResolverPlugin(source: BundleSource): Plugin {
  return {
    name: "liftoff-app",
    setup(build) {
      build.onResolve({ filter: /^liftoff:entry$/ }, () => ({
        path: ENTRY_PATH,
        namespace: ENTRY_NAMESPACE,
      }));
      // `@/components/ui/button.jsx` is the kit's `@/components/ui/button`.
      build.onResolve({ filter: /^@\/components\/ui\/[^/]+\.(jsx|tsx|js|ts)$/ }, (args) => ({
        path: args.path.replace(/\.(jsx|tsx|js|ts)$/, ""),
        external: true,
      }));
      // Only specifiers that can be app files or virtual modules come here (fewer plugin
      // round trips: they dominate bundle time). Bare specifiers and kit components go to
      // esbuild's own resolver, which marks the vendor ones external (`external` option)
      // and, with no resolve directory set, never searches the disk: anything else fails as
      // "Could not resolve". `components/ui/` is never an app folder (APP_FILE_ID_PATTERN).
      build.onResolve({ filter: APP_SPECIFIER }, (args) => {
        // Relative imports inside the package files the bundle reads from disk (the icons
        // of lucideModule) are the package's own: esbuild resolves them.
        if (args.namespace === "file") return undefined;
        const spec = args.path;
        const virtual = virtualModule(spec, source.entityNames);
        if (virtual?.kind === "module") return { path: spec, namespace: VIRTUAL_NAMESPACE };
        if (virtual?.kind === "unknown-entity")
          return {
            errors: [{ text: `Unknown entity '${virtual.name}' in '${spec}'`, detail: "unknown-entity" }],
          };
        const importer = args.namespace === APP_NAMESPACE ? args.importer : null;
        const fileId = resolveAppFile(spec, importer, (id) => Object.hasOwn(source.files, id));
        if (fileId?.endsWith(".css")) return { path: fileId, namespace: EMPTY_NAMESPACE };
        if (fileId) return { path: fileId, namespace: APP_NAMESPACE };
        return { errors: [{ text: unresolvedMessage(spec), detail: "unresolved-import" }] };
      });
      // The icons the app names, bundled from their own files (see lucideModule); the
      // module's non-icon names come from the vendor "lucide-react" it re-exports.
      const icons = source.externals.has("lucide-react") ? lucideModule(source.files) : null;
      if (icons) {
        build.onResolve({ filter: /^lucide-react$/ }, (args) =>
          args.namespace === LUCIDE_NAMESPACE
            ? { path: args.path, external: true }
            : { path: "lucide-react", namespace: LUCIDE_NAMESPACE },
        );
        build.onLoad({ filter: /.*/, namespace: LUCIDE_NAMESPACE }, () => ({
          contents: icons.source,
          loader: "js",
          // Icon files are read from the package on disk, like the vendor build does.
          resolveDir: icons.resolveDir,
        }));
      }
      build.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, () => ({
        contents: source.entrySource,
        loader: "js",
      }));
      build.onLoad({ filter: /.*/, namespace: APP_NAMESPACE }, (args) => ({
        contents: source.files[args.path] ?? "",
        loader: loaderOf(args.path),
      }));
      build.onLoad({ filter: /.*/, namespace: VIRTUAL_NAMESPACE }, (args) => {
        const virtual = virtualModule(args.path, source.entityNames);
        return { contents: virtual?.kind === "module" ? virtual.source : "", loader: "js" };
      });
      // globals.css is already in the stylesheet; importing it from code is a no-op.
      build.onLoad({ filter: /.*/, namespace: EMPTY_NAMESPACE }, () => ({ contents: "", loader: "js" }));
    },
  };
}

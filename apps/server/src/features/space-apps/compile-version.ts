import { compileApp } from "@liftoff/compiler";
import type { Database } from "@liftoff/db";
import {
  type AppBuildResult,
  AppError,
  type Diagnostic,
  diagnosticSchema,
  type VendorManifest,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import { loadVersionFiles } from "./load-version-files.ts";
import { readSpaceAppSettings } from "./read-space-app-settings.ts";

export type VersionBuild = AppBuildResult & {
  versionId: string;
  jsHash: string | null;
  cssHash: string | null;
};

/**
 * The build of one version: the stored one when it exists, otherwise a compile whose result
 * goes to app_builds and whose outputs go to build_artifacts under their content hash
 * (insert-if-absent, so every instance and every identical version shares the bytes).
 * Compile failures are normal results with diagnostics; a build is stored either way.
 */
export async function compileVersion(options: {
  db: Kysely<Database>;
  vendor: VendorManifest;
  versionId: string;
}): Promise<VersionBuild> {
  const { db, versionId } = options;
  const stored = await db
    .selectFrom("app_builds")
    .selectAll()
    .where("versionId", "=", versionId)
    .executeTakeFirst();
  if (stored) return toVersionBuild(stored);

  const version = await db
    .selectFrom("app_versions")
    .innerJoin("apps", "apps.id", "app_versions.appId")
    .select(["app_versions.entities", "apps.data"])
    .where("app_versions.id", "=", versionId)
    .executeTakeFirst();
  if (!version) throw new AppError("NOT_FOUND", "Version not found");
  const files = Object.fromEntries(await loadVersionFiles(db, versionId));
  const started = performance.now();
  const result = await compileApp(
    {
      files,
      entityNames: Object.keys(version.entities),
      mainPage: readSpaceAppSettings(version.data).mainPage,
    },
    { vendor: options.vendor },
  );
  const durationMs = Math.round(performance.now() - started);
  const artifacts = result.ok ? result.artifacts : null;
  if (artifacts)
    await db
      .insertInto("build_artifacts")
      .values([
        { hash: artifacts.jsHash, contentType: "text/javascript; charset=utf-8", content: artifacts.js },
        { hash: artifacts.cssHash, contentType: "text/css; charset=utf-8", content: artifacts.css },
      ])
      .onConflict((oc) => oc.column("hash").doNothing())
      .execute();
  const row = {
    versionId,
    ok: result.ok,
    diagnostics: JSON.stringify(result.diagnostics),
    jsHash: artifacts?.jsHash ?? null,
    cssHash: artifacts?.cssHash ?? null,
    pages: JSON.stringify(artifacts?.pages ?? []),
    durationMs,
  };
  // Two requests compiling the same version at once store the same result; the first wins.
  await db
    .insertInto("app_builds")
    .values(row)
    .onConflict((oc) => oc.column("versionId").doNothing())
    .execute();
  return {
    versionId,
    ok: result.ok,
    diagnostics: result.diagnostics,
    pages: artifacts?.pages ?? [],
    jsHash: row.jsHash,
    cssHash: row.cssHash,
  };
}

function toVersionBuild(row: {
  versionId: string;
  ok: boolean;
  diagnostics: unknown[];
  jsHash: string | null;
  cssHash: string | null;
  pages: string[];
}): VersionBuild {
  const diagnostics: Diagnostic[] = row.diagnostics.flatMap((d) => {
    const parsed = diagnosticSchema.safeParse(d);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    versionId: row.versionId,
    ok: row.ok,
    diagnostics,
    pages: row.pages,
    jsHash: row.jsHash,
    cssHash: row.cssHash,
  };
}

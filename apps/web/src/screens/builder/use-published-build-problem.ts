import { type AppSummary, unservableReason } from "@liftoff/domain";
import { useEffect, useState } from "react";
import { spaceAppApi } from "./space-app-api.ts";

/**
 * Why visitors cannot open the app's published version, or null when they can (or it is not
 * published). Decided by the same rule the host page serves by (`unservableReason` in
 * domain/build-rules), so the builder sees what visitors see: a warning never shows here.
 */
export function usePublishedBuildProblem(
  app: Pick<AppSummary, "id" | "status" | "publishedVersionId">,
): string | null {
  const [problem, setProblem] = useState<{ versionId: string; reason: string | null } | null>(null);
  const versionId = app.status === "published" ? app.publishedVersionId : null;

  useEffect(() => {
    if (!versionId) return;
    let cancelled = false;
    spaceAppApi
      .build(app.id, versionId)
      .then((build) => {
        if (!cancelled) setProblem({ versionId, reason: unservableReason(build) });
      })
      .catch(() => {
        // Unknown is not broken: the control stays as it is until a build answers.
      });
    return () => {
      cancelled = true;
    };
  }, [app.id, versionId]);

  return versionId && problem?.versionId === versionId ? problem.reason : null;
}

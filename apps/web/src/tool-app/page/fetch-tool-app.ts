import { AppError, type PublicToolApp, publicToolAppSchema } from "@liftoff/domain";
import { z } from "zod";
import { readForbiddenDetails } from "../../host/fetch-runtime-bundle.ts";
import { type AppLookup, bundleQueryOf } from "../../host/host-route.ts";
import { request } from "../../lib/api.ts";

export type ToolAppAnswer =
  | { status: "ok"; app: PublicToolApp }
  | { status: "unpublished" }
  | { status: "notFound" }
  | { status: "error" };

const answerSchema = z.object({ app: publicToolAppSchema });

/**
 * GET /runtime/tool-app: a published generated app or single tool as end users see it.
 * The host page asks it when the server put no app in the page (a space app's 404 may be a
 * tool app that was unpublished since, or a page served before it was published).
 */
export async function fetchToolApp(lookup: AppLookup): Promise<ToolAppAnswer> {
  try {
    const answer = await request(
      "GET",
      `/runtime/tool-app?${bundleQueryOf(lookup)}`,
      undefined,
      answerSchema,
    );
    return { status: "ok", app: answer.app };
  } catch (error) {
    if (!(error instanceof AppError)) return { status: "error" };
    if (error.status === 404) return { status: "notFound" };
    if (error.status === 403 && readForbiddenDetails(error.details).notPublished)
      return { status: "unpublished" };
    return { status: "error" };
  }
}

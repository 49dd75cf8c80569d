import { AppError } from "@liftoff/domain";
import { z } from "zod";
import type { Deps } from "../../http/app-env.ts";
import { optionalAppToken } from "../app-users/require-app-token.ts";
import { readMemories } from "./remember-answers.ts";

export const memoriesResponseSchema = z.object({
  memories: z.array(
    z.object({ fieldName: z.string(), label: z.string(), value: z.unknown(), updatedAt: z.string() }),
  ),
});
export type MemoriesResponse = z.infer<typeof memoriesResponseSchema>;

/** GET /api/live_api/user/memories/current?appId: the end user of the app token, or 401. */
export async function readCurrentMemories(options: {
  deps: Pick<Deps, "db" | "config">;
  appId: string;
  headers: Headers;
}): Promise<MemoriesResponse> {
  const claims = await optionalAppToken(options.deps, options.appId, options.headers);
  if (claims?.kind !== "user" || claims.actorId !== undefined)
    throw new AppError("UNAUTHORIZED", "Please log in to continue");
  const memories = await readMemories(options.deps.db, { appId: options.appId, appUserId: claims.subjectId });
  return {
    memories: memories.map((memory) => ({ ...memory, updatedAt: new Date(memory.updatedAt).toISOString() })),
  };
}

import { type FileChangeResult, fileChangeResultSchema } from "@liftoff/domain";
import type { TestPlatform } from "./test-platform.ts";

/** Creates a space app as `token`'s user (tests only); throws with the answer on failure. */
export async function createSpaceApp(
  t: TestPlatform,
  token: string,
  name: string,
): Promise<{ id: string; slug: string }> {
  const res = await t.request<any>("POST", "/api/apps", { token, body: { appType: "space", name } });
  if (res.status !== 201) throw new Error(`creating app failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; slug: string };
}

/**
 * Writes one file of an app as a new draft version (tests only). `adminToken` must be a
 * platform admin's: editing code is admin-only (spec section 6).
 */
export async function saveAppFile(
  t: TestPlatform,
  adminToken: string,
  appId: string,
  file: { id: string; content: string },
): Promise<FileChangeResult> {
  const res = await t.request<any>("POST", `/api/apps/${appId}/files/update`, {
    token: adminToken,
    body: { file },
  });
  if (res.status !== 200)
    throw new Error(`saving ${file.id} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return fileChangeResultSchema.parse(res.body);
}

import { appUserListResponseSchema, appUserSummarySchema, previewTokenResponseSchema } from "@liftoff/domain";
import { api } from "../../lib/api.ts";

const enc = encodeURIComponent;

/** The builder's calls about one app's end users (App users panel, "View as" in the preview). */
export function appUsersApi(appId: string) {
  const base = `/api/apps/${enc(appId)}/users`;
  return {
    list: () => api.get(base, appUserListResponseSchema).then((r) => r.users),
    setDisabled: (userId: string, disabled: boolean) =>
      api.put(`${base}/${enc(userId)}/disabled`, { disabled }, appUserSummarySchema),
    /** A short-lived app token of the end user for the preview frame ("View as"). */
    viewAsToken: (userId: string) =>
      api.post(`${base}/${enc(userId)}/preview-token`, {}, previewTokenResponseSchema),
  };
}

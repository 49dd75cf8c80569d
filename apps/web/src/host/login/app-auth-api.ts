import { type AppUserAuthResponse, appUserAuthResponseSchema, okSchema } from "@liftoff/domain";
import { api } from "../../lib/api.ts";

/**
 * The end-user auth routes of one app (`/live_api/apps/{appId}/auth/*`). They take no
 * cookie and no platform session: the only credential is the app token they hand out.
 */
export function appAuthApi(appId: string) {
  const base = `/live_api/apps/${encodeURIComponent(appId)}/auth`;
  // `token: null`: never send a platform session token along, even if one were set.
  const options = { token: null };
  return {
    signUp: (body: { email: string; password: string; name?: string }): Promise<AppUserAuthResponse> =>
      api.post(`${base}/signup`, body, appUserAuthResponseSchema, options),
    logIn: (body: { email: string; password: string }): Promise<AppUserAuthResponse> =>
      api.post(`${base}/login`, body, appUserAuthResponseSchema, options),
    verify: (oobCode: string) => api.post(`${base}/verify`, { oobCode }, okSchema, options),
    sendResetPasswordEmail: (email: string) =>
      api.post(`${base}/sendResetPasswordEmail`, { email }, okSchema, options),
    resetPassword: (oobCode: string, password: string) =>
      api.post(`${base}/resetPassword`, { oobCode, password }, okSchema, options),
  };
}
export type AppAuthApi = ReturnType<typeof appAuthApi>;

import { type AppUserAuthResponse, parseAppUserAuthResponse, parseOk } from "@liftoff/domain";
import { api } from "../../lib/api.ts";

/**
 * The end-user auth routes of one app (`/live_api/apps/{appId}/auth/*`). They ignore the
 * platform's cookie (and the web client holds no platform token to send): the only
 * credential is the app token they hand out.
 */
export function appAuthApi(appId: string) {
  const base = `/live_api/apps/${encodeURIComponent(appId)}/auth`;
  return {
    signUp: (body: { email: string; password: string; name?: string }): Promise<AppUserAuthResponse> =>
      api.post(`${base}/signup`, body, parseAppUserAuthResponse),
    logIn: (body: { email: string; password: string }): Promise<AppUserAuthResponse> =>
      api.post(`${base}/login`, body, parseAppUserAuthResponse),
    /** Confirms the address and signs the user in (the mail link's landing). */
    verify: (oobCode: string): Promise<AppUserAuthResponse> =>
      api.post(`${base}/verify`, { oobCode }, parseAppUserAuthResponse),
    sendResetPasswordEmail: (email: string) => api.post(`${base}/sendResetPasswordEmail`, { email }, parseOk),
    resetPassword: (oobCode: string, password: string) =>
      api.post(`${base}/resetPassword`, { oobCode, password }, parseOk),
  };
}
export type AppAuthApi = ReturnType<typeof appAuthApi>;

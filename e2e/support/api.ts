import type { Page } from "playwright-core";
import { baseUrl } from "./browser.ts";

/** The web app's HttpOnly session cookie (the auth library's; `__Secure-` on https). */
export const SESSION_COOKIE = "better-auth.session_token";

/**
 * The platform session token of the user signed in on `page`, for API calls from the test:
 * read from the browser's HttpOnly cookie (the test harness may; page scripts cannot),
 * whose value is `token.signature`.
 */
export async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith(SESSION_COOKIE));
  if (!cookie) throw new Error("no session cookie");
  const value = decodeURIComponent(cookie.value);
  return value.slice(0, value.lastIndexOf("."));
}

/** A JSON API call with a bearer token: the status and the parsed body, whatever the status. */
export async function apiResponse<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A JSON API call that must succeed (throws with the status and body otherwise). */
export async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiResponse<T>(token, method, path, body);
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** apiCall as the user signed in on `page`. */
export async function apiAs<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return apiCall<T>(await tokenOf(page), method, path, body);
}

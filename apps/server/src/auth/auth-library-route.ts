/**
 * The one path of the auth library's HTTP handler the platform serves: the OAuth redirect
 * target registered with Google and GitHub (GET, and POST for providers answering with
 * `response_mode=form_post`). Sign-in, sign-up, password and account changes go through our
 * routes (features/session, features/account), which call the library in-process behind our
 * limits and rules. `auth-library-routes.test.ts` walks every endpoint the library mounts.
 */
export const AUTH_LIBRARY_ROUTE = "/api/auth/callback/:provider";

/**
 * The frame's sandbox and URL live in @liftoff/domain, so the server writes exactly the same
 * frame into a published app's host page (see `HOST_BOOT_FRAME_ID`). Never add
 * `allow-same-origin` to APP_FRAME_SANDBOX: it is the boundary between app code and the
 * visitor's platform session.
 */
export { APP_FRAME_SANDBOX, appFrameSrc } from "@liftoff/domain";

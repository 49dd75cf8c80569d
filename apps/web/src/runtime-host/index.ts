/**
 * Hosting a space app in a sandboxed frame — shared by the published-app host page
 * (`src/host`) and the builder's preview.
 *
 * ```tsx
 * const frame = useAppFrame({
 *   appId, versionId, channel: "draft", path: "/", preview: true,
 *   storageKey: appStorageKey(appId),
 *   getToken: () => adminToken,          // app-scoped `lat_...` token, never the platform session
 *   onError: (error) => setErrors((c) => collectAppError(c, error).collection),
 *   onNavigate: (path) => setPage(path), onRendered, onLogin, onLogout,
 * });
 * return <iframe {...frame.frameProps} className="size-full border-0" />;
 * // frame.navigate("/Tasks"), frame.setToken(token), frame.reload()
 * ```
 *
 * A published app's page adopts the frame the server already put into its HTML instead
 * (`adopt: iframe`, see src/host/boot-frame.ts); then render no iframe of your own.
 *
 * The iframe is `sandbox` WITHOUT `allow-same-origin` (APP_FRAME_SANDBOX): never add it,
 * and never render app code any other way. Messages are accepted only from that iframe's
 * window, from an opaque origin, and when they parse as frame messages (`parseFrameMessage`, checked against `frameMessageSchema`).
 * `createAppFrameController` is the same logic without React, for tests.
 */
export * from "./app-frame-controller.ts";
export * from "./app-frame-src.ts";
export * from "./app-storage.ts";
export * from "./collect-app-errors.ts";
export * from "./safe-open-url.ts";
export * from "./use-app-frame.ts";

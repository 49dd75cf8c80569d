import {
  type ChatHistory,
  type ChatUsageSummary,
  chatHistorySchema,
  chatUsageSummarySchema,
  type RestoreVersionResult,
  restoreVersionResultSchema,
  type SendChatBody,
  type ValidationResult,
  validationResultSchema,
} from "@liftoff/domain";
import { z } from "zod";
import { api, COOKIE_SESSION_HEADERS } from "../../lib/api.ts";

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;

/** Opens a Server-Sent Events response over fetch (a POST body and error answers; the session is the cookie). */
function openStream(path: string, init: { method: "GET" | "POST"; body?: unknown; signal: AbortSignal }) {
  const headers: Record<string, string> = { Accept: "text/event-stream", ...COOKIE_SESSION_HEADERS };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(path, {
    method: init.method,
    headers,
    credentials: "same-origin",
    signal: init.signal,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

const uploadResultSchema = z.object({ file_url: z.string() });

/** The builder chat routes (apps/server/src/features/chat/chat-routes.ts). */
export const chatApi = {
  history: (appId: string): Promise<ChatHistory> =>
    api.get(`${base(appId)}/chat/messages`, chatHistorySchema),
  /** POST /chat: the answer is the stream (start, update…, done), or a JSON error before it. */
  send: (appId: string, body: SendChatBody, signal: AbortSignal): Promise<Response> =>
    openStream(`${base(appId)}/chat`, { method: "POST", body, signal }),
  /** Watches an in-progress message until it is ready or failed (reloads, other tabs). */
  watch: (appId: string, messageId: string, signal: AbortSignal): Promise<Response> =>
    openStream(`${base(appId)}/chat/messages/${encodeURIComponent(messageId)}/events`, {
      method: "GET",
      signal,
    }),
  restore: (appId: string, versionId: string, messageId: string): Promise<RestoreVersionResult> =>
    api.post(
      `${base(appId)}/versions/${encodeURIComponent(versionId)}/restore`,
      { messageId },
      restoreVersionResultSchema,
    ),
  validateRepair: (
    appId: string,
    versionId: string,
    body: { messageId: string; messageContent: string },
  ): Promise<ValidationResult> =>
    api.post(
      `${base(appId)}/versions/${encodeURIComponent(versionId)}/validate-repair`,
      body,
      validationResultSchema,
    ),
  /** Token usage of the app and the account (platform admins only). */
  usage: (appId: string): Promise<ChatUsageSummary> =>
    api.get(`${base(appId)}/chat/usage`, chatUsageSummarySchema),
  /**
   * An image for a chat message, through the app's upload integration (the owner's session
   * is accepted there): stored under the app's files, served publicly by its URL.
   */
  uploadImage: async (appId: string, file: File): Promise<string> => {
    const form = new FormData();
    form.append("file", file);
    const result = await api.post(
      `/integrations/Core/UploadFile?appId=${encodeURIComponent(appId)}`,
      form,
      uploadResultSchema,
    );
    return result.file_url;
  },
};

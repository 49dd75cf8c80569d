import type { ContextItemType } from "@liftoff/domain";
import type { Config } from "../../config.ts";
import {
  type ConnectorAdapter,
  ConnectorError,
  type ConnectorTokens,
  tokenExpiresAt,
} from "./connector-adapter.ts";
import { providerBytes, providerFetch, providerJson } from "./provider-fetch.ts";

/** Read-only access to the builder's files, nothing else. */
export const GOOGLE_DRIVE_SCOPE = "https://www.googleapis.com/auth/drive.readonly";

/** The Drive files we can read, by MIME type, and the item type each becomes. */
export const DRIVE_MIME_TYPES: Record<string, ContextItemType> = {
  "application/vnd.google-apps.document": "google_doc",
  "application/vnd.google-apps.spreadsheet": "google_sheet",
  "application/vnd.google-apps.presentation": "google_slide",
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "doc",
  "application/msword": "doc",
  "text/plain": "txt",
  "text/csv": "csv",
};

/**
 * Google's own formats are exported (Drive converts them): documents and slides as plain
 * text, spreadsheets as CSV so each row becomes a section as an uploaded CSV does (Drive
 * exports a spreadsheet's first sheet).
 */
const EXPORTS: Partial<Record<ContextItemType, { mimeType: string; extension: string }>> = {
  google_doc: { mimeType: "text/plain", extension: "txt" },
  google_slide: { mimeType: "text/plain", extension: "txt" },
  google_sheet: { mimeType: "text/csv", extension: "csv" },
};

/** The largest file read when no smaller limit is given (Drive's own export limit is 10 MB). */
const DEFAULT_MAX_BYTES = 20_000_000;

type TokenAnswer = { access_token?: string; refresh_token?: string; expires_in?: number };
type DriveFile = { id: string; name: string; mimeType: string; webViewLink?: string; modifiedTime?: string };

/**
 * Google Drive over its public REST API (v3): OAuth 2.0 for a web server (offline access,
 * so a refresh token keeps syncs working after the hour an access token lasts), the files
 * list for the picker, exports of Google's formats and the bytes of uploaded files, which
 * go through the same extractors as a builder's own uploads.
 */
export function createGoogleDriveAdapter(
  config: NonNullable<Config["connectors"]["googleDrive"]>,
): ConnectorAdapter {
  const auth = (tokens: ConnectorTokens) => ({ authorization: `Bearer ${tokens.accessToken}` });
  const drive = `${config.apiUrl}/drive/v3`;

  async function token(form: Record<string, string>, label: string): Promise<TokenAnswer> {
    const answer = await providerJson<TokenAnswer>(`${config.tokenUrl}/token`, {
      label,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        ...form,
      }).toString(),
    });
    if (!answer.access_token) throw new ConnectorError(`${label}: no access_token`, 200, false);
    return answer;
  }

  return {
    provider: "google_drive",
    authorizeUrl(state, redirectUri) {
      const url = new URL(`${config.oauthUrl}/o/oauth2/v2/auth`);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: GOOGLE_DRIVE_SCOPE,
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: "true",
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      const answer = await token(
        { grant_type: "authorization_code", code, redirect_uri: redirectUri },
        "Google token",
      );
      const tokens = {
        accessToken: answer.access_token as string,
        refreshToken: answer.refresh_token ?? null,
        expiresAt: tokenExpiresAt(answer.expires_in),
      };
      const about = await providerJson<{ user?: { displayName?: string; emailAddress?: string } }>(
        `${drive}/about?fields=${encodeURIComponent("user(displayName,emailAddress)")}`,
        { label: "Google Drive about", headers: auth(tokens) },
      );
      return {
        tokens,
        accountName: about.user?.emailAddress ?? about.user?.displayName ?? null,
        workspaceId: null,
      };
    },
    async revoke(tokens) {
      // The refresh token is the grant: revoking it ends its access tokens too.
      const answer = await providerFetch(`${config.tokenUrl}/revoke`, {
        label: "Google revoke",
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: tokens.refreshToken ?? tokens.accessToken }).toString(),
      });
      await answer.body?.cancel();
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) return null;
      const answer = await token(
        { grant_type: "refresh_token", refresh_token: tokens.refreshToken },
        "Google token refresh",
      );
      return {
        accessToken: answer.access_token as string,
        // Google usually keeps the refresh token; it sends a new one when it rotates it.
        refreshToken: answer.refresh_token ?? tokens.refreshToken,
        expiresAt: tokenExpiresAt(answer.expires_in),
      };
    },
    async listFiles(tokens, options) {
      const kinds = Object.keys(DRIVE_MIME_TYPES)
        .map((mime) => `mimeType = '${mime}'`)
        .join(" or ");
      let q = `trashed = false and (${kinds})`;
      if (options.query) q += ` and name contains '${driveQueryString(options.query)}'`;
      const params = new URLSearchParams({
        q,
        fields: "nextPageToken,files(id,name,mimeType,webViewLink,modifiedTime)",
        pageSize: "50",
        orderBy: "modifiedTime desc",
        supportsAllDrives: "true",
        includeItemsFromAllDrives: "true",
      });
      if (options.cursor) params.set("pageToken", options.cursor);
      const answer = await providerJson<{ files?: DriveFile[]; nextPageToken?: string }>(
        `${drive}/files?${params.toString()}`,
        { label: "Google Drive files", headers: auth(tokens) },
      );
      return {
        files: (answer.files ?? []).flatMap((file) => {
          const type = DRIVE_MIME_TYPES[file.mimeType];
          return type
            ? [
                {
                  id: file.id,
                  name: file.name,
                  type,
                  url: file.webViewLink ?? null,
                  modifiedAt: file.modifiedTime ?? null,
                },
              ]
            : [];
        }),
        nextCursor: answer.nextPageToken ?? null,
      };
    },
    async fetchContent(tokens, fileId, type, options = {}) {
      const id = encodeURIComponent(fileId);
      const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
      const signal = options.signal ? { signal: options.signal } : {};
      const exported = EXPORTS[type];
      if (exported) {
        const bytes = await providerBytes(
          `${drive}/files/${id}/export?mimeType=${encodeURIComponent(exported.mimeType)}`,
          { label: "Google Drive export", headers: auth(tokens), maxBytes, ...signal },
        );
        return { kind: "file", bytes, fileName: `export.${exported.extension}`, mimeType: exported.mimeType };
      }
      const meta = await providerJson<DriveFile>(
        `${drive}/files/${id}?fields=id,name,mimeType&supportsAllDrives=true`,
        { label: "Google Drive file", headers: auth(tokens), ...signal },
      );
      const bytes = await providerBytes(`${drive}/files/${id}?alt=media&supportsAllDrives=true`, {
        label: "Google Drive download",
        headers: auth(tokens),
        maxBytes,
        ...signal,
      });
      return { kind: "file", bytes, fileName: meta.name, mimeType: meta.mimeType };
    },
  };
}

/** A value inside a Drive query's single quotes: backslashes and quotes escaped. */
export function driveQueryString(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
}

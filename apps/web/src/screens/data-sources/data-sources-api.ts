import {
  type ConnectorFilesResponse,
  type ConnectorProvider,
  type ConnectorStatus,
  type ContextItem,
  type ContextItemPreview,
  type ContextItemsResponse,
  connectorFilesResponseSchema,
  connectorsResponseSchema,
  contextItemPreviewSchema,
  contextItemSchema,
  contextItemsResponseSchema,
  type RetrievalResult,
  retrievalResultSchema,
} from "@liftoff/domain";
import { z } from "zod";
import { api, COOKIE_SESSION_HEADERS } from "../../lib/api.ts";

const createdSchema = z.object({ contextItems: z.array(contextItemSchema) });
const app = (appId: string) => `appId=${encodeURIComponent(appId)}`;
const item = (id: string) => `/api/context/${encodeURIComponent(id)}`;
const connector = (provider: ConnectorProvider) => `/api/integrations/connectors/${provider}`;

/** The builder's data sources routes (apps/server features/data-sources/data-source-routes.ts). */
export const dataSourcesApi = {
  list: (appId: string): Promise<ContextItemsResponse> =>
    api.get(`/api/context/items?${app(appId)}`, contextItemsResponseSchema),
  /**
   * Opens the live items stream (SSE: snapshot, item, removed) over fetch, the session being
   * the cookie as for every other call; the caller reads the body and reconnects.
   */
  openEvents: (appId: string, signal: AbortSignal): Promise<Response> =>
    fetch(`/api/context/items/events?${app(appId)}`, {
      headers: { Accept: "text/event-stream", ...COOKIE_SESSION_HEADERS },
      credentials: "same-origin",
      signal,
    }),
  ingestText: async (appId: string, body: { context: string; name?: string }): Promise<ContextItem[]> =>
    (await api.post(`/api/context/ingest/text?${app(appId)}`, body, createdSchema)).contextItems,
  ingestFiles: async (appId: string, files: readonly File[]): Promise<ContextItem[]> => {
    const form = new FormData();
    for (const file of files) form.append("file", file, file.name);
    return (await api.post(`/api/context/ingest/file?${app(appId)}`, form, createdSchema)).contextItems;
  },
  ingestWeb: async (appId: string, url: string): Promise<ContextItem[]> =>
    (await api.post(`/api/context/ingest/web?${app(appId)}`, { url }, createdSchema)).contextItems,
  rename: (id: string, name: string): Promise<ContextItem> =>
    api.patch(item(id), { name }, contextItemSchema),
  remove: async (id: string): Promise<void> => {
    await api.delete(item(id));
  },
  resync: (id: string): Promise<ContextItem> => api.post(`${item(id)}/sync`, undefined, contextItemSchema),
  preview: (id: string): Promise<ContextItemPreview> =>
    api.get(`${item(id)}/chunks`, contextItemPreviewSchema),
  /** The connectors this server offers and whether the builder is connected (no tokens). */
  connectors: async (): Promise<ConnectorStatus[]> =>
    (await api.get("/api/integrations/fetchCarbonTokens", connectorsResponseSchema)).connectors,
  connectorFiles: (
    provider: ConnectorProvider,
    options: { query?: string; cursor?: string | null },
  ): Promise<ConnectorFilesResponse> => {
    const params = new URLSearchParams();
    if (options.query) params.set("query", options.query);
    if (options.cursor) params.set("cursor", options.cursor);
    const query = params.toString();
    return api.get(`${connector(provider)}/files${query ? `?${query}` : ""}`, connectorFilesResponseSchema);
  },
  disconnect: async (provider: ConnectorProvider): Promise<void> => {
    await api.delete(connector(provider));
  },
  ingestMetadata: async (appId: string, contextItems: unknown[]): Promise<ContextItem[]> =>
    (await api.post(`/api/context/ingest/metadata?${app(appId)}`, { contextItems }, createdSchema))
      .contextItems,
  search: (appId: string, query: string): Promise<RetrievalResult> =>
    api.post(`/api/context/search?${app(appId)}`, { query }, retrievalResultSchema),
};

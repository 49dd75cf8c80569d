import { z } from "zod";
import { CONTEXT_ITEM_TYPES, type ContextItemSource } from "./context-item.ts";

/**
 * The third-party connectors a builder can pull data sources from (spec sections 2 and 3:
 * notes-workspace pages and cloud-drive files). Each exists on a server only when its
 * OAuth client is configured.
 */
export const CONNECTOR_PROVIDERS = ["notion", "google_drive"] as const;
export type ConnectorProvider = (typeof CONNECTOR_PROVIDERS)[number];
export const connectorProviderSchema = z.enum(CONNECTOR_PROVIDERS);

/** What each connector is called on screen. */
export const CONNECTOR_LABELS: Record<ConnectorProvider, string> = {
  notion: "Notion",
  google_drive: "Google Drive",
};

/** The context item source each connector's items carry (spec section 3). */
export const CONNECTOR_SOURCES: Record<ConnectorProvider, ContextItemSource> = {
  notion: "notes workspace",
  google_drive: "cloud drive",
};

/** Whether a stored item's provider value names a connector (the product's own is "liftoff"). */
export function isConnectorProvider(value: string): value is ConnectorProvider {
  return (CONNECTOR_PROVIDERS as readonly string[]).includes(value);
}

/** One connector as the builder's modal sees it: never a token, only whether one is held. */
export const connectorStatusSchema = z.object({
  provider: connectorProviderSchema,
  label: z.string(),
  connected: z.boolean(),
  /** The connected workspace or account (Notion workspace name, Google account e-mail). */
  accountName: z.string().nullable(),
});
export type ConnectorStatus = z.infer<typeof connectorStatusSchema>;

/** GET /api/integrations/fetchCarbonTokens (spec section 7): the configured connectors. */
export const connectorsResponseSchema = z.object({ connectors: z.array(connectorStatusSchema) });
export type ConnectorsResponse = z.infer<typeof connectorsResponseSchema>;

/** One file or page the connector's picker offers. */
export const connectorFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CONTEXT_ITEM_TYPES),
  url: z.string().nullable(),
  modifiedAt: z.string().nullable(),
});
export type ConnectorFile = z.infer<typeof connectorFileSchema>;

/** GET /api/integrations/connectors/{provider}/files?query&cursor */
export const connectorFilesQuerySchema = z.object({
  query: z.string().trim().max(200).optional(),
  cursor: z.string().max(2_000).optional(),
});
export const connectorFilesResponseSchema = z.object({
  files: z.array(connectorFileSchema),
  nextCursor: z.string().nullable(),
});
export type ConnectorFilesResponse = z.infer<typeof connectorFilesResponseSchema>;

/**
 * What the connect popup tells the window that opened it (postMessage, same origin only),
 * so the modal refreshes the connector without polling.
 */
export const CONNECTOR_MESSAGE_TYPE = "liftoff:connector";
export const connectorMessageSchema = z.object({
  type: z.literal(CONNECTOR_MESSAGE_TYPE),
  provider: connectorProviderSchema,
  ok: z.boolean(),
});
export type ConnectorMessage = z.infer<typeof connectorMessageSchema>;

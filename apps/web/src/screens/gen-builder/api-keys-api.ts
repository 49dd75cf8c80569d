import {
  type AppApiKey,
  type AppApiKeyList,
  appApiKeyListSchema,
  appApiKeySchema,
  type CreatedAppApiKey,
  createdAppApiKeySchema,
} from "@liftoff/domain";
import { api } from "../../lib/api.ts";

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/api-keys`;

/** The app API keys of the settings (apps/server/src/features/app-api-keys). */
export const apiKeysApi = {
  list: (appId: string): Promise<AppApiKeyList> => api.get(base(appId), appApiKeyListSchema),
  create: (appId: string, name: string): Promise<CreatedAppApiKey> =>
    api.post(base(appId), { name }, createdAppApiKeySchema),
  revoke: (appId: string, keyId: string): Promise<AppApiKey> =>
    api.delete(`${base(appId)}/${encodeURIComponent(keyId)}`, appApiKeySchema),
};

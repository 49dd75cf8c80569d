import {
  CORE_INTEGRATION_NAMES,
  type CoreIntegrationName as DomainCoreIntegrationName,
} from "@liftoff/domain";
import type { HttpClient } from "./create-http-client.ts";
import { integrationRequest } from "./integration-request.ts";

/** The core integrations every app has (the server's list); each takes one object of named parameters. */
export const CORE_INTEGRATIONS = CORE_INTEGRATION_NAMES;

export type CoreIntegrationName = DomainCoreIntegrationName;

/**
 * One integration call: named parameters in (File/Blob values allowed), the server's JSON
 * out. The answer is `any` because its shape depends on the call (InvokeLLM with a
 * response_json_schema answers that schema's object), which apps read directly.
 */
// biome-ignore lint/suspicious/noExplicitAny: the answer's shape is chosen by the caller's parameters
export type IntegrationCall = (params: Record<string, unknown>) => Promise<any>;

export type Integrations = { Core: Record<CoreIntegrationName, IntegrationCall> };

/**
 * `client.integrations.Core.X(params)` → POST /integrations/Core/X (spec section 7,
 * Runtime), with the app id as a query parameter because the path itself does not say
 * which app's quota and settings the call runs under.
 */
export function createIntegrations(options: { http: HttpClient; appId: string }): Integrations {
  const { http, appId } = options;
  const core = {} as Record<CoreIntegrationName, IntegrationCall>;
  for (const name of CORE_INTEGRATIONS) {
    core[name] = async (params) => {
      const body = integrationRequest(params);
      return http.send({
        method: "POST",
        path: `/integrations/Core/${name}`,
        query: new URLSearchParams({ appId }),
        ...body,
      });
    };
  }
  return { Core: Object.freeze(core) };
}

import type { BackoffOptions } from "./backoff-delay.ts";
import type { HttpClient } from "./create-http-client.ts";
import {
  type EntityFilter,
  type EntityQueryArgs,
  type EntitySort,
  entityQueryParams,
} from "./entity-query-params.ts";
import type { EntityChangeEvent, EntityData, EntityRecord, EntitySchemaInfo } from "./entity-record.ts";
import { invalidArgument } from "./invalid-argument.ts";
import { isPlainObject } from "./is-plain-object.ts";
import { type SubscribeOptions, subscribeToEntity } from "./subscribe-to-entity.ts";

/** The methods of `client.entities.X`; call shapes as in apps exported from the leading app builder. */
export type EntityHandle = {
  list(
    sort?: EntitySort | null,
    limit?: number | null,
    skip?: number | null,
    fields?: string[] | null,
  ): Promise<EntityRecord[]>;
  filter(
    query: EntityFilter,
    sort?: EntitySort | null,
    limit?: number | null,
    skip?: number | null,
    fields?: string[] | null,
  ): Promise<EntityRecord[]>;
  get(id: string): Promise<EntityRecord>;
  create(data: EntityData): Promise<EntityRecord>;
  update(id: string, data: EntityData): Promise<EntityRecord>;
  delete(id: string): Promise<{ ok: true }>;
  bulkCreate(records: EntityData[]): Promise<EntityRecord[]>;
  deleteMany(query: EntityFilter): Promise<{ deleted: number }>;
  count(query?: EntityFilter | null): Promise<number>;
  schema(): Promise<EntitySchemaInfo>;
  subscribe(callback: (event: EntityChangeEvent) => void, options?: SubscribeOptions): () => void;
};

function checkId(method: string, id: unknown): string {
  if (typeof id !== "string" || id === "")
    throw invalidArgument(`${method} needs the record's id (a non-empty string) as its first argument`);
  return encodeURIComponent(id);
}

function checkData(method: string, data: unknown, hint = ""): EntityData {
  if (!isPlainObject(data))
    throw invalidArgument(`${method} takes an object of field values, for example { title: "…" }${hint}`);
  return data;
}

/**
 * The handle behind `client.entities.Task`, one per entity name. Every method is async
 * (argument errors reject instead of throwing), except `subscribe`, which returns the
 * unsubscribe function synchronously so it fits a React effect's cleanup.
 */
export function createEntityHandle(options: {
  http: HttpClient;
  appId: string;
  name: string;
  backoff: BackoffOptions;
}): EntityHandle {
  const { http, backoff } = options;
  const base = `/live_api/apps/${encodeURIComponent(options.appId)}/entities/${encodeURIComponent(options.name)}`;

  async function rows(args: EntityQueryArgs) {
    const query = entityQueryParams(args);
    // The SDK returns the rows only, so the server is spared counting the total.
    query.set("skipTotal", "true");
    const body = await http.send<{ items: EntityRecord[] } | EntityRecord[]>({
      method: "GET",
      path: base,
      query,
    });
    return Array.isArray(body) ? body : body.items;
  }

  return {
    async list(sort, limit, skip, fields) {
      return rows({ method: "list", sort, limit, skip, fields });
    },
    async filter(query, sort, limit, skip, fields) {
      return rows({ method: "filter", query, sort, limit, skip, fields });
    },
    async get(id) {
      return http.send({ method: "GET", path: `${base}/${checkId("get", id)}` });
    },
    async create(data) {
      const hint = Array.isArray(data) ? "; to create several records use bulkCreate([...])" : "";
      return http.send({ method: "POST", path: base, json: checkData("create", data, hint) });
    },
    async update(id, data) {
      const path = `${base}/${checkId("update", id)}`;
      return http.send({ method: "PUT", path, json: checkData("update", data) });
    },
    async delete(id) {
      return http.send({ method: "DELETE", path: `${base}/${checkId("delete", id)}` });
    },
    async bulkCreate(records) {
      if (!Array.isArray(records))
        throw invalidArgument('bulkCreate takes an array of records, for example [{ title: "…" }]');
      for (const [index, record] of records.entries()) checkData(`bulkCreate (record ${index})`, record);
      if (records.length === 0) return [];
      const body = await http.send<{ items: EntityRecord[] }>({
        method: "POST",
        path: `${base}/bulk`,
        json: { records },
      });
      return body.items;
    },
    async deleteMany(query) {
      const params = entityQueryParams({ method: "deleteMany", query });
      // The server deletes in batches and says `hasMore`; an app calling deleteMany means
      // "all matching", so the SDK keeps asking. A batch that deletes nothing ends the
      // loop too, so a server that keeps saying hasMore can never spin it forever.
      let deleted = 0;
      for (;;) {
        const body = await http.send<{ deleted: number; hasMore?: boolean }>({
          method: "DELETE",
          path: base,
          query: params,
        });
        deleted += body.deleted;
        if (!body.hasMore || body.deleted === 0) return { deleted };
      }
    },
    async count(query) {
      const params = entityQueryParams({ method: "count", query });
      const body = await http.send<{ count: number }>({
        method: "GET",
        path: `${base}/count`,
        query: params,
      });
      return body.count;
    },
    async schema() {
      return http.send({ method: "GET", path: `${base}/schema` });
    },
    subscribe(callback, subscribeOptions) {
      if (typeof callback !== "function")
        throw invalidArgument("subscribe takes a callback function: subscribe((event) => { … }, { query })");
      if (subscribeOptions !== undefined && !isPlainObject(subscribeOptions))
        throw invalidArgument("subscribe's second argument is an options object: { query: { … } }");
      const query = entityQueryParams({ method: "subscribe", query: subscribeOptions?.query });
      return subscribeToEntity({
        http,
        path: `${base}/subscribe`,
        query,
        onChange: callback,
        onError: subscribeOptions?.onError,
        backoff,
      });
    },
  };
}

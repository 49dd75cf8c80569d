import type { ContextItem } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { createContextItems } from "./create-context-item.ts";
import type { IngestWorker } from "./ingest-worker.ts";

/** The name of pasted text when none is given: its first words. */
export function nameOfText(text: string): string {
  const firstLine = text.trim().split(/\r?\n/, 1)[0] ?? "";
  const words = firstLine.replace(/\s+/g, " ").trim();
  return words.length > 60 ? `${words.slice(0, 57).trimEnd()}...` : words || "Text";
}

/** POST /api/context/ingest/text (spec section 7, body context): pasted text as an item. */
export async function ingestText(options: {
  deps: Pick<Deps, "db" | "storage" | "bus"> & { ingest: IngestWorker };
  managed: ManagedApp;
  context: string;
  name?: string | undefined;
}): Promise<ContextItem> {
  const data = new TextEncoder().encode(options.context);
  const [item] = await createContextItems({
    deps: options.deps,
    managed: options.managed,
    items: [
      {
        name: options.name ?? nameOfText(options.context),
        type: "txt",
        source: "local files",
        size: data.byteLength,
        bytes: { data, contentType: "text/plain; charset=utf-8" },
      },
    ],
  });
  return item!;
}

import { AppError, type ContextItem, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { checkPublicAddress } from "@liftoff/knowledge";
import type { Deps } from "../../http/app-env.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { createContextItems } from "./create-context-item.ts";
import type { IngestWorker } from "./ingest-worker.ts";

/**
 * POST /api/context/ingest/web (ours: the web scraper of the Data sources modal): a site
 * crawled from `url` by the ingest job, within the plan's depth and page count. The
 * address is checked here too, so a private or loopback address is refused at once rather
 * than as a failed item.
 */
export async function ingestWeb(options: {
  deps: Pick<Deps, "db" | "storage" | "bus" | "config"> & { ingest: IngestWorker };
  managed: ManagedApp;
  url: string;
}): Promise<ContextItem> {
  const url = new URL(options.url);
  url.hash = "";
  if (!options.deps.config.crawlPrivateAddresses)
    await checkPublicAddress(url.href, { allowPrivateAddresses: false }).catch((error: unknown) => {
      // A refused address says so; a name that does not resolve is the builder's typo.
      if (error instanceof AppError) throw error;
      throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.siteNotFound);
    });
  const [item] = await createContextItems({
    deps: options.deps,
    managed: options.managed,
    items: [
      {
        name: `${url.host}${url.pathname === "/" ? "" : url.pathname}`.slice(0, 200),
        type: "web_page",
        source: "web scraper",
        size: 0,
        sourceUrl: url.href,
      },
    ],
  });
  return item!;
}

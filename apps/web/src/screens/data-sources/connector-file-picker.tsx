import {
  type ConnectorFile,
  type ConnectorProvider,
  type ContextItem,
  DATA_SOURCE_MESSAGES,
  planLimits,
} from "@liftoff/domain";
import { Alert, Button, Checkbox, Input, Spinner } from "@liftoff/ui";
import { PlusIcon, SearchIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useSession } from "../../lib/session.tsx";
import { appendFiles, toggleFile, toMetadataItems } from "./connector-picker.ts";
import { ContextItemIcon } from "./context-item-icon.tsx";
import { dataSourcesApi } from "./data-sources-api.ts";
import { serverMessage } from "./server-message.ts";

/** A search waits this long after the last key, so typing does not ask the provider per letter. */
const SEARCH_DELAY_MS = 300;

type Listing =
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "ready"; files: ConnectorFile[]; nextCursor: string | null; more: boolean };

export type ConnectorFilePickerProps = {
  appId: string;
  provider: ConnectorProvider;
  label: string;
  onAdded: (items: ContextItem[]) => void;
};

/**
 * The connected provider's files or pages, searchable by name, with a checkbox each and an
 * Add button (POST /api/context/ingest/metadata). At most the plan's file count can be
 * picked at once, as for uploads.
 */
export function ConnectorFilePicker({ appId, provider, label, onAdded }: ConnectorFilePickerProps) {
  const id = useId();
  const { account } = useSession();
  const max = planLimits(account?.plan ?? null).maxFileCount;
  const [query, setQuery] = useState("");
  const [listing, setListing] = useState<Listing>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<ReadonlyMap<string, ConnectorFile>>(new Map());
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the Try again button's trigger.
  useEffect(() => {
    let live = true;
    setListing({ state: "loading" });
    const timer = setTimeout(
      () => {
        dataSourcesApi
          .connectorFiles(provider, { query: query.trim() })
          .then((page) => {
            if (live)
              setListing({ state: "ready", files: page.files, nextCursor: page.nextCursor, more: false });
          })
          .catch((failure: unknown) => {
            if (live)
              setListing({ state: "error", message: serverMessage(failure, DATA_SOURCE_MESSAGES.connector) });
          });
      },
      query ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [provider, query, attempt]);

  async function showMore() {
    if (listing.state !== "ready" || !listing.nextCursor) return;
    setListing({ ...listing, more: true });
    try {
      const page = await dataSourcesApi.connectorFiles(provider, {
        query: query.trim(),
        cursor: listing.nextCursor,
      });
      setListing({
        state: "ready",
        files: appendFiles(listing.files, page.files),
        nextCursor: page.nextCursor,
        more: false,
      });
    } catch (failure) {
      setListing({ state: "error", message: serverMessage(failure, DATA_SOURCE_MESSAGES.connector) });
    }
  }

  async function add() {
    if (selected.size === 0) return;
    setAdding(true);
    setAddError(null);
    try {
      onAdded(await dataSourcesApi.ingestMetadata(appId, toMetadataItems(provider, [...selected.values()])));
      setSelected(new Map());
    } catch (failure) {
      setAddError(serverMessage(failure, DATA_SOURCE_MESSAGES.connector));
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="grid min-w-0 gap-3" data-testid={`ds-picker-${provider}`}>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label={`Search ${label}`}
          placeholder={`Search ${label}`}
          className="pl-9"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>

      {listing.state === "loading" ? (
        <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
          <Spinner size="sm" label={null} />
          Loading from {label}…
        </div>
      ) : listing.state === "error" ? (
        <Alert
          tone="error"
          title={listing.message}
          action={
            <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          }
        />
      ) : listing.files.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          {query.trim()
            ? `Nothing in ${label} matches “${query.trim()}”.`
            : `Nothing in ${label} we can read yet.`}
        </p>
      ) : (
        <fieldset className="grid min-w-0 gap-1">
          <legend className="sr-only">{`Files in ${label}`}</legend>
          <ul className="grid max-h-72 min-w-0 gap-1 overflow-y-auto rounded-lg border border-border p-1">
            {listing.files.map((file) => {
              const checkboxId = `${id}-${file.id}`;
              const checked = selected.has(file.id);
              const full = !checked && selected.size >= max;
              return (
                <li key={file.id}>
                  <label
                    htmlFor={checkboxId}
                    className="flex min-w-0 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-accent has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                  >
                    <Checkbox
                      id={checkboxId}
                      checked={checked}
                      disabled={full}
                      onCheckedChange={() => setSelected((current) => toggleFile(current, file, max))}
                    />
                    <ContextItemIcon type={file.type} />
                    <span className="grid min-w-0">
                      <span className="truncate text-13 font-medium">{file.name}</span>
                      {file.modifiedAt ? (
                        <span className="text-xs text-muted-foreground">
                          Edited {new Date(file.modifiedAt).toLocaleDateString()}
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {listing.nextCursor ? (
            <div>
              <Button size="sm" variant="ghost" loading={listing.more} onClick={() => void showMore()}>
                Show more
              </Button>
            </div>
          ) : null}
        </fieldset>
      )}

      {addError ? <Alert tone="error" title={addError} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void add()}
          disabled={selected.size === 0}
          loading={adding}
          data-testid={`ds-picker-add-${provider}`}
        >
          <PlusIcon aria-hidden />
          {selected.size > 0 ? `Add ${selected.size} selected` : "Add"}
        </Button>
        <span className="text-xs text-muted-foreground">
          {max === 1 ? "1 file at a time on your plan." : `Up to ${max} at a time.`}
        </span>
      </div>
    </div>
  );
}

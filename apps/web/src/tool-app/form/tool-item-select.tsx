import { type ToolItem, toolItemsResponseSchema } from "@liftoff/domain";
import { LoaderCircleIcon, SearchIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { TEXT_INPUT } from "./themed-classes.ts";

/** The wait after a keystroke before the items are searched. */
export const ITEM_SEARCH_DEBOUNCE_MS = 200;

export function toolItemsUrl(appId: string, toolId: string, field: string, query: string): string {
  const base = `/live_api/apps/${encodeURIComponent(appId)}/tools/${encodeURIComponent(toolId)}/fields/${encodeURIComponent(field)}/items`;
  return query.trim() === "" ? base : `${base}?q=${encodeURIComponent(query.trim())}`;
}

/**
 * tool_item_select: a search box over the tool's items list (the rows of its CSV data
 * source), as an ARIA combobox — typing shows the most similar items, arrows move, Enter
 * picks, Escape closes. The answer is the chosen item's name; what the end user typed
 * stays the answer when they pick nothing (an item the list does not have).
 */
export function ToolItemSelect(props: {
  id: string;
  appId: string;
  toolId: string;
  field: string;
  value: string;
  onChange: (value: string) => void;
  describedBy: string | undefined;
  invalid: boolean;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<ToolItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Nothing is known before the first answer: "Loading", not "No matching item".
  const [loaded, setLoaded] = useState(false);
  const [active, setActive] = useState(-1);
  const { appId, toolId, field, value } = props;

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      fetch(toolItemsUrl(appId, toolId, field, value), { signal: controller.signal })
        .then(async (response) => {
          if (!response.ok) throw new Error(String(response.status));
          const parsed = toolItemsResponseSchema.parse(await response.json());
          setItems(parsed.items);
          setLoaded(true);
          setFailed(false);
          setActive(-1);
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== "AbortError") setFailed(true);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, ITEM_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, appId, toolId, field, value]);

  const pick = (item: ToolItem) => {
    props.onChange(item.label);
    setOpen(false);
  };
  const optionId = (index: number) => `${listId}-option-${index}`;
  // A listbox exists only with options in it (an empty one is invalid ARIA); while the list
  // loads, or when nothing matches, a status says so instead.
  const showList = open && items.length > 0;

  return (
    <div className="relative">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-(--tool-muted)"
        aria-hidden
      />
      <input
        id={props.id}
        type="text"
        role="combobox"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Search the list"
        value={value}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(event) => {
          props.onChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(items.length - 1, index + 1));
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((index) => Math.max(0, index - 1));
          } else if (event.key === "Enter" && open && active >= 0 && items[active]) {
            event.preventDefault();
            pick(items[active]);
          } else if (event.key === "Escape") setOpen(false);
        }}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        className={`${TEXT_INPUT} pl-9`}
      />
      {loading ? (
        <LoaderCircleIcon
          className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-(--tool-muted)"
          aria-hidden
        />
      ) : null}
      {showList ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Items"
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-(--tool-input-border) bg-(--tool-input-bg) p-1 shadow-lg"
        >
          {items.map((item, index) => (
            <div
              key={item.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`cursor-pointer rounded-md px-3 py-2 text-sm text-(--tool-input-text) ${index === active ? "bg-(--tool-button-bg) text-(--tool-button-text)" : ""}`}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(item);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className="block font-medium">{item.label}</span>
              {item.details ? (
                <span className="block truncate text-xs opacity-75">
                  {item.details.replace(/\n/g, " · ")}
                </span>
              ) : null}
            </div>
          ))}
        </div>
      ) : open ? (
        <p
          role="status"
          className="absolute z-20 mt-1 w-full rounded-lg border border-(--tool-input-border) bg-(--tool-input-bg) px-3 py-2 text-sm text-(--tool-muted) shadow-lg"
        >
          {loading || (!loaded && !failed)
            ? "Loading the list…"
            : failed
              ? "The list could not be loaded. Type your answer instead."
              : "No matching item"}
        </p>
      ) : null}
    </div>
  );
}

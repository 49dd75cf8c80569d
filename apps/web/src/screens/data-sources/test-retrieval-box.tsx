import { DATA_SOURCE_MESSAGES, type RetrievalResult } from "@liftoff/domain";
import { Badge, Button, Field, Input } from "@liftoff/ui";
import { SearchIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { dataSourcesApi } from "./data-sources-api.ts";

/**
 * 'Test retrieval': what a question finds in the app's data sources (POST /api/context/search)
 * and why, so the builder can check a source is read the way they expect.
 */
export function TestRetrievalBox({ appId }: { appId: string }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RetrievalResult | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!query.trim()) {
      setError(DATA_SOURCE_MESSAGES.queryEmpty);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await dataSourcesApi.search(appId, query.trim()));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="grid min-w-0 gap-3" data-testid="ds-retrieval">
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        Test retrieval
      </h3>
      <form className="flex flex-wrap items-start gap-2" onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Question" htmlFor={`${id}-query`} error={error} className="min-w-[12rem] flex-1">
          <Input
            id={`${id}-query`}
            type="search"
            value={query}
            placeholder="Ask what an end user would ask"
            onChange={(event) => {
              setQuery(event.target.value);
              if (error) setError(null);
            }}
          />
        </Field>
        <Button
          type="submit"
          variant="outline"
          loading={busy}
          className="mt-6"
          data-testid="ds-retrieval-submit"
        >
          <SearchIcon aria-hidden />
          Search
        </Button>
      </form>
      {result ? (
        result.results.length === 0 ? (
          <p className="text-13 text-muted-foreground" role="status">
            Nothing in your data sources matches this yet.
          </p>
        ) : (
          <ol className="grid gap-2" aria-label="Retrieved chunks" data-testid="ds-retrieval-results">
            {result.results.map((hit) => (
              <li
                key={hit.chunk.id}
                className="grid gap-1.5 rounded-lg border border-border bg-neutral-25 p-3"
              >
                <div className="flex min-w-0 flex-wrap items-center gap-1.5 text-xs">
                  <span className="min-w-0 truncate text-13 font-medium">{hit.itemName}</span>
                  {hit.chunk.locator ? <Badge variant="outline">{hit.chunk.locator}</Badge> : null}
                  <Badge variant="secondary">Score {hit.score.toFixed(2)}</Badge>
                  {hit.fullText ? <Badge variant="secondary">Full-text #{hit.fullText.rank}</Badge> : null}
                </div>
                <p className="line-clamp-6 text-13 break-words whitespace-pre-wrap">{hit.chunk.text}</p>
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}

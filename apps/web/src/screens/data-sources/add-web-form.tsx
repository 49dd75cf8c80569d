import { type ContextItem, DATA_SOURCE_MESSAGES, WEB_SCRAPER_HINT } from "@liftoff/domain";
import { Button, Field, Input } from "@liftoff/ui";
import { GlobeIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { dataSourcesApi } from "./data-sources-api.ts";
import { serverMessage } from "./server-message.ts";

export type AddWebFormProps = { appId: string; onAdded: (items: ContextItem[]) => void };

/** A web site crawled into a data source (POST /api/context/ingest/web). */
export function AddWebForm({ appId, onAdded }: AddWebFormProps) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = url.trim();
    // The server checks the same rule; saying so here spares a round trip.
    if (!/^https?:\/\/[^\s/]+/i.test(value) || !URL.canParse(value)) {
      setError(DATA_SOURCE_MESSAGES.invalidUrl);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onAdded(await dataSourcesApi.ingestWeb(appId, value));
      setUrl("");
    } catch (failure) {
      setError(serverMessage(failure, DATA_SOURCE_MESSAGES.connector));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate data-testid="ds-add-web">
      <Field
        label="Web site address"
        htmlFor={`${id}-url`}
        error={error}
        hint={`Pages of the same site are read, following its links. ${WEB_SCRAPER_HINT}.`}
      >
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={url}
          placeholder="https://example.com"
          onChange={(event) => {
            setUrl(event.target.value);
            if (error) setError(null);
          }}
        />
      </Field>
      <div>
        <Button type="submit" loading={busy} data-testid="ds-add-web-submit">
          <GlobeIcon aria-hidden />
          Add web site
        </Button>
      </div>
    </form>
  );
}

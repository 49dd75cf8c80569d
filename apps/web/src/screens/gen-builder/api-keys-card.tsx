import { APP_API_KEY_NAME_MAX, type AppApiKey, type CreatedAppApiKey, type Tool } from "@liftoff/domain";
import {
  Badge,
  Button,
  Callout,
  Card,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Skeleton,
  Textarea,
  toast,
} from "@liftoff/ui";
import { KeyRoundIcon, PlusIcon, TriangleAlertIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { CopyButton } from "../../lib/copy-button.tsx";
import { useResource } from "../apps/use-resource.ts";
import { apiKeysApi } from "./api-keys-api.ts";
import { runApiCurlExample } from "./api-keys-model.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const when = (iso: string | null) => (iso ? timeFormat.format(new Date(iso)) : "never");

/**
 * API keys of the app (issue 16, Run API): a program runs the app's active tools over HTTP
 * with one of them. A new key is shown once (in the dialog that made it), with a curl example for the first active
 * tool; the list shows only each key's hint, when it was made and last used; revoking
 * asks first. Keys belong to the app, not to a plan setting, so every manager sees this.
 */
export function ApiKeysCard(props: {
  appId: string;
  tool: Pick<Tool, "toolId" | "fields" | "title"> | null;
}) {
  const keys = useResource(`api-keys:${props.appId}`, () => apiKeysApi.list(props.appId));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AppApiKey | null>(null);

  return (
    <Card className="grid gap-3 p-4" data-testid="api-keys">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <KeyRoundIcon className="size-4 text-muted-foreground" aria-hidden />
          <h2 className="text-sm font-semibold">API keys</h2>
        </div>
        <Button size="sm" variant="outline" onClick={() => setCreating(true)} data-testid="api-keys-create">
          <PlusIcon />
          Create key
        </Button>
      </div>
      <p className="text-13 text-muted-foreground">
        Run this app's published, active tools from your own code. Runs count against the same limits and
        credits.
      </p>
      {keys.status === "loading" ? (
        <Skeleton className="h-16 rounded-lg" />
      ) : keys.status === "error" ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-13 text-muted-foreground">Couldn't load the API keys.</p>
          <Button size="sm" variant="ghost" onClick={keys.reload}>
            Try again
          </Button>
        </div>
      ) : keys.data.keys.length === 0 ? (
        <p className="text-13 text-muted-foreground">No API keys yet.</p>
      ) : (
        <ul className="grid max-h-72 gap-1 overflow-y-auto">
          {keys.data.keys.map((key) => (
            <li
              key={key.id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md px-2 py-1.5 hover:bg-accent"
              data-testid="api-key"
            >
              <div className="grid min-w-0 flex-1">
                <span className="flex min-w-0 items-center gap-2 text-13 font-medium">
                  <span className="truncate">{key.name}</span>
                  <code className="shrink-0 font-mono text-xs text-muted-foreground">{key.displayHint}</code>
                  {key.revokedAt ? <Badge variant="secondary">Revoked</Badge> : null}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  Created {when(key.createdAt)} · Last used {when(key.lastUsedAt)}
                </span>
              </div>
              {key.revokedAt ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRevoking(key)}
                  aria-label={`Revoke ${key.name}`}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <CreateKeyDialog
        appId={props.appId}
        tool={props.tool}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(answer) => keys.setData((current) => ({ keys: [answer.key, ...current.keys] }))}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? "this key"}?`}
        description="Programs using this key stop working at once. This cannot be undone."
        confirmLabel="Revoke"
        destructive
        onConfirm={async () => {
          if (!revoking) return;
          const revoked = await apiKeysApi.revoke(props.appId, revoking.id);
          keys.setData((current) => ({
            keys: current.keys.map((key) => (key.id === revoked.id ? revoked : key)),
          }));
          toast.success("API key revoked");
        }}
      />
    </Card>
  );
}

/** Asks for a name, then shows the new key in the same dialog: the one time it is on screen. */
function CreateKeyDialog(props: {
  appId: string;
  tool: Pick<Tool, "toolId" | "fields" | "title"> | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedAppApiKey) => void;
}) {
  const [created, setCreated] = useState<CreatedAppApiKey | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === "") return setError("Give the key a name");
    setBusy(true);
    setError(null);
    try {
      const answer = await apiKeysApi.create(props.appId, name.trim());
      setCreated(answer);
      props.onCreated(answer);
      setName("");
    } catch (failure) {
      setError(errorMessage(failure, "Couldn't create the key"));
    } finally {
      setBusy(false);
    }
  }

  function openChange(open: boolean) {
    if (!open) {
      setError(null);
      setCreated(null);
    }
    props.onOpenChange(open);
  }

  return (
    <Dialog open={props.open} onOpenChange={openChange}>
      <DialogContent size={created ? "md" : "sm"}>
        {created ? (
          <NewKey created={created} appId={props.appId} tool={props.tool} onClose={() => openChange(false)} />
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Create an API key</DialogTitle>
              <DialogDescription>
                Name it after where you will use it, so you know which to revoke.
              </DialogDescription>
            </DialogHeader>
            <Field label="Name" htmlFor="api-key-name" error={error ?? undefined}>
              <Input
                id="api-key-name"
                value={name}
                maxLength={APP_API_KEY_NAME_MAX}
                placeholder="My server"
                autoFocus
                onChange={(event) => setName(event.target.value)}
              />
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => openChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy} data-testid="api-key-create-submit">
                Create key
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The new key's secret, to copy now, with a curl example that uses it. */
function NewKey(props: {
  created: CreatedAppApiKey;
  appId: string;
  tool: Pick<Tool, "toolId" | "fields" | "title"> | null;
  onClose: () => void;
}) {
  const secret = props.created.secret;
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const curl = props.tool
    ? runApiCurlExample({ origin, appId: props.appId, tool: props.tool, secret })
    : null;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Your new API key</DialogTitle>
        <DialogDescription>{props.created.key.name}</DialogDescription>
      </DialogHeader>
      <Callout variant="warning">
        <TriangleAlertIcon aria-hidden />
        <p className="text-13">Copy it now: it will not be shown again. Keep it secret, like a password.</p>
      </Callout>
      <div className="grid min-w-0 gap-2">
        <Input
          readOnly
          value={secret}
          aria-label="API key"
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="api-key-secret"
        />
        <div>
          <CopyButton text={secret} label="Copy key" copiedLabel="Key copied!" />
        </div>
      </div>
      {curl ? (
        <div className="grid min-w-0 gap-2">
          <p className="text-13 font-medium">
            Try it: run {props.tool?.title.trim() || "your first active tool"}
          </p>
          <Textarea
            readOnly
            rows={5}
            value={curl}
            aria-label="curl example"
            spellCheck={false}
            className="resize-none font-mono text-xs leading-5 break-all"
            onFocus={(event) => event.currentTarget.select()}
          />
          <div>
            <CopyButton text={curl} label="Copy example" copiedLabel="Example copied!" />
          </div>
        </div>
      ) : (
        <p className="text-13 text-muted-foreground">Activate and publish a tool to run it with this key.</p>
      )}
      <DialogFooter>
        <Button onClick={props.onClose}>Done</Button>
      </DialogFooter>
    </>
  );
}

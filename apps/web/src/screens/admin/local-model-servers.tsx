import { type LocalModelServersResponse, localModelServersResponseSchema } from "@liftoff/domain";
import {
  Badge,
  Button,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
} from "@liftoff/ui";
import { RefreshCwIcon, ServerIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";

type Server = LocalModelServersResponse["servers"][number];
type State =
  | { status: "loading" }
  | { status: "done"; servers: Server[] }
  | { status: "error"; message: string };

/**
 * 'Found on this machine': model servers answering on the platform's own machine (Ollama,
 * LM Studio, llama.cpp, vLLM on their default ports), each with its models and a button
 * that fills the form with it. The server probes them with a short timeout, so this never
 * holds the page.
 */
export function LocalModelServers({ onUse }: { onUse: (server: Server, model: string) => void }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger of a new probe.
  useEffect(() => {
    let cancelled = false;
    setState({ status: "loading" });
    api
      .get("/api/admin/ai-local-servers", localModelServersResponseSchema)
      .then((answer) => !cancelled && setState({ status: "done", servers: answer.servers }))
      .catch((error) => !cancelled && setState({ status: "error", message: errorMessage(error) }));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  return (
    <section aria-labelledby="local-servers-title" className="grid gap-2" data-testid="ai-local-servers">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="local-servers-title" className="flex items-center gap-2 text-sm font-semibold">
          <ServerIcon className="size-4 text-muted-foreground" aria-hidden /> Found on this machine
        </h3>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setAttempt((n) => n + 1)}
          disabled={state.status === "loading"}
          data-testid="ai-local-rescan"
        >
          <RefreshCwIcon
            className={state.status === "loading" ? "size-3.5 animate-spin" : "size-3.5"}
            aria-hidden
          />
          Look again
        </Button>
      </div>
      {state.status === "loading" ? (
        <div className="grid gap-2" role="status" aria-busy="true">
          <span className="sr-only">Looking for local model servers</span>
          <Skeleton className="h-14 w-full" />
        </div>
      ) : state.status === "error" ? (
        <p className="text-13 text-muted-foreground" role="alert">
          Could not look for local model servers: {state.message}
        </p>
      ) : state.servers.length === 0 ? (
        <p className="text-13 text-muted-foreground" data-testid="ai-local-none">
          No local model server answered (Ollama on 11434, LM Studio on 1234, llama.cpp on 8080, vLLM on
          8000). Start one and look again, or enter a provider below.
        </p>
      ) : (
        <ul className="grid gap-2">
          {state.servers.map((server) => (
            <LocalServerRow key={server.id} server={server} onUse={onUse} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LocalServerRow({
  server,
  onUse,
}: {
  server: Server;
  onUse: (server: Server, model: string) => void;
}) {
  const [model, setModel] = useState(server.models[0] ?? "");
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-border bg-neutral-25 p-3 sm:flex-row sm:items-center"
      data-testid="ai-local-server"
    >
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {server.name}
          <Badge variant="secondary">
            {server.models.length} {server.models.length === 1 ? "model" : "models"}
          </Badge>
        </p>
        <code className="truncate text-xs text-muted-foreground">{server.baseURL}</code>
      </div>
      <div className="flex items-center gap-2">
        <Select value={model} onValueChange={setModel}>
          <SelectTrigger
            className="h-8 w-48"
            aria-label={`Model of ${server.name}`}
            data-testid="ai-local-model"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {server.models.map((id) => (
              <SelectItem key={id} value={id}>
                {id}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button type="button" size="sm" onClick={() => onUse(server, model)} data-testid="ai-local-use">
          Use
        </Button>
      </div>
    </li>
  );
}

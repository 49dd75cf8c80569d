import type { AppUserSummary } from "@liftoff/domain";
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@liftoff/ui";
import { CheckIcon, ChevronDownIcon, EyeIcon } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { appUsersApi } from "../app-users/app-users-api.ts";
import { VIEW_AS_BUILDER, type ViewAs, viewAsKey, viewAsLabel } from "./view-as.ts";

type UsersState =
  | { status: "idle" | "loading" }
  | { status: "ready"; users: AppUserSummary[] }
  | { status: "error"; error: string };

/** Most apps' end users fit; the App users panel has the search for the rest. */
const MAX_LISTED = 50;

/**
 * "View as" in the preview toolbar: the builder, an anonymous visitor, or one of the app's
 * (enabled) end users, loaded when the menu opens.
 */
export function ViewAsSwitch({
  appId,
  value,
  onChange,
}: {
  appId: string;
  value: ViewAs;
  onChange: (next: ViewAs) => void;
}) {
  const [users, setUsers] = useState<UsersState>({ status: "idle" });
  const load = () => {
    setUsers({ status: "loading" });
    appUsersApi(appId)
      .list()
      .then(
        (list) => setUsers({ status: "ready", users: list.filter((u) => !u.disabled).slice(0, MAX_LISTED) }),
        (error) => setUsers({ status: "error", error: errorMessage(error) }),
      );
  };
  const current = viewAsKey(value);
  const item = (next: ViewAs, label: string, testId: string) => (
    <DropdownMenuItem
      key={viewAsKey(next)}
      onSelect={() => onChange(next)}
      data-testid={testId}
      data-view-as={viewAsKey(next)}
    >
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {viewAsKey(next) === current ? <CheckIcon aria-label="Selected" /> : null}
    </DropdownMenuItem>
  );

  return (
    <DropdownMenu onOpenChange={(open) => open && load()}>
      <DropdownMenuTrigger asChild>
        <Button
          variant={value.kind === "builder" ? "outline" : "secondary"}
          size="sm"
          className="max-w-56 justify-between"
          data-testid="preview-view-as"
          aria-label={`View as: ${viewAsLabel(value)}`}
        >
          <EyeIcon />
          <span className="truncate">{viewAsLabel(value)}</span>
          <ChevronDownIcon className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>View as</DropdownMenuLabel>
        {item(VIEW_AS_BUILDER, "Builder (you)", "view-as-builder")}
        {item({ kind: "anonymous" }, "Anonymous visitor", "view-as-anonymous")}
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">End users</DropdownMenuLabel>
        {users.status === "ready" ? (
          users.users.length === 0 ? (
            <p className="px-2 py-1.5 text-xs text-muted-foreground">No users have signed up yet.</p>
          ) : (
            users.users.map((user) =>
              item({ kind: "user", userId: user.id, email: user.email }, user.email, "view-as-user"),
            )
          )
        ) : users.status === "error" ? (
          <p className="px-2 py-1.5 text-xs text-destructive-text" role="alert">
            {users.error}
          </p>
        ) : (
          <p className="px-2 py-1.5 text-xs text-muted-foreground">Loading users…</p>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { aiSettingsResponseSchema } from "@liftoff/domain";
import { Button, Skeleton } from "@liftoff/ui";
import {
  BotIcon,
  CodeIcon,
  InboxIcon,
  type LucideIcon,
  PlusIcon,
  ShieldCheckIcon,
  UsersIcon,
} from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { AuthCard } from "../../layouts/auth-layout.tsx";
import { api } from "../../lib/api.ts";
import { markFirstRunWelcomed } from "../../lib/first-run.ts";
import { useMailKind } from "../../lib/mail-kind.ts";
import { useResource } from "../apps/use-resource.ts";

function Duty({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-200">
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-foreground">{title}</span>
        <span className="mt-0.5 block text-13 leading-5 text-muted-foreground">{children}</span>
      </span>
    </li>
  );
}

/** A setting the operator changes in the server's environment. */
function EnvName({ children }: { children: string }) {
  return (
    <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em] text-foreground">{children}</code>
  );
}

/** Where the AI model stands: the first thing an admin has to set before anyone can build with AI. */
function ModelStatus() {
  const settings = useResource("first-run-ai", () =>
    api.get("/api/admin/ai-settings", aiSettingsResponseSchema),
  );
  if (settings.status === "loading") return <Skeleton className="mt-1 h-4 w-48" />;
  // Unknown is said as such; the admin page has the details and its own error state.
  if (settings.status === "error") return <>Everyone's chat assistant uses the model you choose in Admin.</>;
  if (settings.data.source === "none" || !settings.data.model)
    return (
      <span data-testid="first-run-model">
        None is set yet, so AI features are off until you choose one. Models running on this machine (Ollama,
        LM Studio) are found for you.
      </span>
    );
  return (
    <span data-testid="first-run-model">
      Using <span className="font-medium text-foreground">{settings.data.model}</span>; everyone's chat
      assistant uses the model you choose.
    </span>
  );
}

/**
 * /welcome: shown once to the first account of a fresh install, which the first-run grant
 * made the platform admin. Says what that means and leads to the two first steps: choosing
 * the AI model and creating an app. Seeing it uses it up (the server records it).
 */
export function FirstRunPage() {
  const mail = useMailKind();
  const marked = useRef(false);
  const primary = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    primary.current?.focus();
    // StrictMode runs effects twice in development; one record is enough.
    if (marked.current) return;
    marked.current = true;
    // Failing to record only means the screen may show once more: nothing to tell the user.
    markFirstRunWelcomed().catch(() => {});
  }, []);

  return (
    <AuthCard
      width="md"
      icon={<ShieldCheckIcon />}
      title="You're the admin of this instance"
      description={
        <>
          Yours was the first account on this Liftoff instance, so you run it. Nobody else becomes admin
          unless you list them in <EnvName>ADMIN_EMAILS</EnvName>.
        </>
      }
    >
      <div className="grid gap-6" data-testid="first-run">
        <ul className="grid gap-4" aria-label="What the admin does">
          <Duty icon={BotIcon} title="Choose the AI model">
            <ModelStatus />
          </Duty>
          <Duty icon={UsersIcon} title="Manage people">
            Give plans, and disable accounts, in Admin.
          </Duty>
          <Duty icon={CodeIcon} title="Edit app code">
            The code editor is yours to write in; other builders read it.
          </Duty>
          {mail === "dev" ? (
            <Duty icon={InboxIcon} title="Read the instance's mail">
              No mail server is set up, so mail waits in the{" "}
              <Link
                to="/dev/mailbox"
                className="rounded font-medium text-primary underline-offset-4 hover:underline"
              >
                dev mailbox
              </Link>
              ; set <EnvName>SMTP_URL</EnvName> to send it for real.
            </Duty>
          ) : null}
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild size="lg" className="sm:flex-1">
            <Link to="/admin" ref={primary} data-testid="first-run-ai">
              <BotIcon aria-hidden /> Set up the AI model
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="sm:flex-1">
            <Link to="/apps?new=1" data-testid="first-run-create">
              <PlusIcon aria-hidden /> Create your first app
            </Link>
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}

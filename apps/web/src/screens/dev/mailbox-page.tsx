import { type Mail, mailListResponseSchema } from "@liftoff/domain";
import { Alert, Badge, Button, Card, cn, EmptyState, PageHeader, Skeleton, toast } from "@liftoff/ui";
import { InboxIcon, LinkIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api, errorMessage, errorStatus } from "../../lib/api.ts";
import { LoadError } from "../apps/load-error.tsx";
import { formatRelativeTime } from "../apps/relative-time.ts";
import { useResource } from "../apps/use-resource.ts";
import { extractMailLinks } from "./mail-links.ts";

/** Spec-free developer aid: how often the mailbox is re-read while the page is open. */
export const MAILBOX_REFRESH_MS = 2_000;

function MailView({ mail }: { mail: Mail }) {
  const links = extractMailLinks(mail.html, mail.text);
  return (
    <Card className="flex min-w-0 flex-col overflow-hidden" data-testid="mailbox-view">
      <div className="grid gap-1 border-b border-border p-4 sm:p-5">
        <h2 className="text-lg font-semibold tracking-tight" data-testid="mailbox-view-subject">
          {mail.subject}
        </h2>
        <p className="text-13 text-muted-foreground">
          To <span className="font-medium text-foreground">{mail.to}</span> ·{" "}
          {new Date(mail.createdAt).toLocaleString()}
        </p>
      </div>
      <iframe
        title={`E-mail: ${mail.subject}`}
        sandbox=""
        srcDoc={
          mail.html ||
          `<pre style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(mail.text)}</pre>`
        }
        className="h-[28rem] w-full bg-white"
      />
      <div className="grid gap-2 border-t border-border bg-muted p-4 sm:p-5">
        <p className="flex items-center gap-1.5 text-13 font-medium">
          <LinkIcon className="size-4 text-muted-foreground" aria-hidden />
          Links in this e-mail
        </p>
        {links.length === 0 ? (
          <p className="text-13 text-muted-foreground">This e-mail has no links.</p>
        ) : (
          <ul className="grid gap-1.5">
            {links.map((link) => (
              <li key={link} className="min-w-0">
                <a
                  href={link}
                  data-testid="mailbox-link"
                  className="block truncate font-mono text-xs text-primary underline-offset-4 hover:underline"
                  title={link}
                >
                  {link}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** /dev/mailbox: the e-mails the server would have sent, when no SMTP server is configured. */
export function MailboxPage() {
  // Admins get every held mail (scope "all"); anyone else signed in, their own (scope "own").
  const mails = useResource("dev-mailbox", () => api.get("/api/dev/mailbox", mailListResponseSchema));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);
  const unavailable = mails.status === "error" && errorStatus(mails.error) === 404;
  const signedOut = mails.status === "error" && errorStatus(mails.error) === 401;
  const { refresh } = mails;

  useEffect(() => {
    if (unavailable || signedOut) return;
    const id = window.setInterval(() => void refresh(), MAILBOX_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [unavailable, signedOut, refresh]);

  async function clear() {
    setClearing(true);
    try {
      await api.delete("/api/dev/mailbox");
      mails.setData((current) => ({ ...current, mails: [] }));
      setSelectedId(null);
      toast.success("Mailbox cleared");
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setClearing(false);
    }
  }

  const list = mails.status === "success" ? mails.data.mails : [];
  const everything = mails.status === "success" && mails.data.scope === "all";
  const selected = list.find((mail) => mail.id === selectedId) ?? list[0];

  let content: React.ReactNode;
  if (mails.status === "loading") {
    content = (
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[320px_minmax(0,1fr)]">
        <div className="grid content-start gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 rounded-lg" />
          ))}
        </div>
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  } else if (unavailable) {
    content = (
      <Alert tone="info" title="The dev mailbox is off" data-testid="mailbox-unavailable">
        It's only available when SMTP is not configured. This instance sends its e-mails through its SMTP
        server, so look for them in the real inboxes.
      </Alert>
    );
  } else if (signedOut) {
    content = (
      <Alert tone="info" title="Sign in to read your mail" data-testid="mailbox-signed-out">
        The dev mailbox holds sign-in links, so it is not public: platform admins see every e-mail, and
        everyone else sees the e-mails sent to their own address.{" "}
        <Link to="/login?redirectTo=%2Fdev%2Fmailbox" className="font-medium underline underline-offset-4">
          Sign in
        </Link>
      </Alert>
    );
  } else if (mails.status === "error") {
    content = <LoadError title="Couldn't load the mailbox" error={mails.error} onRetry={mails.reload} />;
  } else if (list.length === 0) {
    content = (
      <EmptyState
        icon={InboxIcon}
        title="No mail yet"
        description="Verification and password-reset e-mails appear here within a couple of seconds of being sent."
        className="py-16"
      />
    );
  } else {
    content = (
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-[320px_minmax(0,1fr)]">
        <Card className="overflow-hidden">
          <ul aria-label="E-mails" className="max-h-[36rem] divide-y divide-border overflow-y-auto">
            {list.map((mail) => {
              const active = mail.id === selected?.id;
              return (
                <li key={mail.id}>
                  <button
                    type="button"
                    data-testid="mailbox-item"
                    aria-current={active || undefined}
                    onClick={() => setSelectedId(mail.id)}
                    className={cn(
                      "grid w-full gap-0.5 px-4 py-3 text-left transition-colors focus-ring-inset",
                      "focus-visible:bg-accent",
                      active ? "bg-brand-50" : "hover:bg-muted",
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-13 text-muted-foreground">{mail.to}</span>
                      <span className="shrink-0 text-xs text-muted-foreground">
                        {formatRelativeTime(mail.createdAt)}
                      </span>
                    </span>
                    <span
                      className={cn(
                        "truncate text-sm",
                        active ? "font-semibold text-brand-900" : "font-medium",
                      )}
                      data-testid="mailbox-subject"
                    >
                      {mail.subject}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </Card>
        {selected ? <MailView mail={selected} /> : null}
      </div>
    );
  }

  return (
    <div className="mx-auto grid grid-cols-1 w-full max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            Dev mailbox <Badge variant="warning">Development</Badge>
          </span>
        }
        description={
          mails.status === "success" && !everything
            ? "E-mails this instance would have sent to your address, kept here because no SMTP server is configured. Refreshes every 2 seconds."
            : "E-mails this instance would send, kept here because no SMTP server is configured. Refreshes every 2 seconds."
        }
        actions={
          everything ? (
            <Button
              variant="outline"
              onClick={clear}
              loading={clearing}
              disabled={list.length === 0}
              data-testid="mailbox-clear"
            >
              {clearing ? null : <Trash2Icon />}
              Clear
            </Button>
          ) : null
        }
        className="pb-0"
      />
      {content}
      <span className="sr-only" aria-live="polite">
        {list.length} {list.length === 1 ? "e-mail" : "e-mails"}
      </span>
    </div>
  );
}

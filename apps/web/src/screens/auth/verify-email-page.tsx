import { okSchema, postLoginRedirect } from "@liftoff/domain";
import { Alert, Button, Spinner } from "@liftoff/ui";
import { InboxIcon, MailIcon, RefreshCwIcon } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "../../layouts/auth-layout.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { useMailKind } from "../../lib/mail-kind.ts";
import { useSession } from "../../lib/session.tsx";
import { redirectQuery, safeContinueUrl } from "./auth-query.ts";

const RESEND_COOLDOWN_S = 30;

/**
 * Without SMTP nothing reaches a real inbox: the link waits in the dev mailbox, where every
 * signed-in user reads the mail sent to their own address (the first admin of a fresh
 * install verifies this way). Said here so nobody waits for a mail that never comes.
 */
function DevMailboxNotice() {
  return (
    <Alert tone="info" title="This instance doesn't send email" data-testid="verify-dev-mailbox">
      <p>
        No mail server is set up yet, so your link is waiting in the dev mailbox. An administrator can set{" "}
        <code className="font-mono text-[0.9em]">SMTP_URL</code> to send real email.
      </p>
      <Button asChild variant="outline" size="sm" className="mt-3">
        <Link to="/dev/mailbox" data-testid="verify-open-mailbox">
          <InboxIcon aria-hidden /> Open the dev mailbox
        </Link>
      </Button>
    </Alert>
  );
}

/**
 * /auth/verifyEmail?continueUrl&appName: "Check your inbox". The page keeps the login query
 * (postLoginRedirect rule 5), so once verified it routes exactly as the login would have.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { status, user, account, refreshSession, refreshAccount } = useSession();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [cooldown, setCooldown] = useState(0);
  const [notice, setNotice] = useState<{ tone: "error" | "warning" | "success"; text: string } | null>(null);
  const appName = params.get("appName");
  const mail = useMailKind();

  const target = useCallback(() => {
    const query = redirectQuery(location.search);
    query.delete("continueUrl");
    query.delete("appName");
    const fallback = postLoginRedirect({ query, user: { emailVerified: true }, account });
    return safeContinueUrl(params.get("continueUrl"), fallback);
  }, [location.search, params, account]);

  // Already verified (or verified in another tab): move on.
  useEffect(() => {
    if (status === "signedIn" && user?.emailVerified) navigate(target(), { replace: true });
  }, [status, user?.emailVerified, navigate, target]);

  // Coming back to this tab after clicking the link elsewhere: check again quietly.
  useEffect(() => {
    if (status !== "signedIn") return;
    const onVisible = () => {
      if (document.visibilityState === "visible") refreshAccount().catch(() => {});
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [status, refreshAccount]);

  useEffect(() => {
    if (cooldown <= 0) return;
    const id = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [cooldown]);

  async function resend() {
    setNotice(null);
    setSending(true);
    try {
      await api.post(
        "/api/account/sendVerificationEmail",
        { continueUrl: target(), appName: appName || undefined },
        okSchema,
      );
      setNotice({ tone: "success", text: "We sent you a new verification email." });
      setCooldown(RESEND_COOLDOWN_S);
    } catch (err) {
      setNotice({ tone: "error", text: errorMessage(err) });
    } finally {
      setSending(false);
    }
  }

  async function checkVerified() {
    setNotice(null);
    setChecking(true);
    try {
      const fresh = await refreshSession();
      if (fresh?.user.emailVerified) {
        navigate(target(), { replace: true });
        return;
      }
      setNotice({
        tone: "warning",
        text: "Your email isn't verified yet. Open the link in the email we sent you, then try again.",
      });
    } catch (err) {
      setNotice({ tone: "error", text: errorMessage(err) });
    } finally {
      setChecking(false);
    }
  }

  if (status === "loading") {
    return <Spinner size="md" className="text-muted-foreground" />;
  }

  if (status === "signedOut") {
    return (
      <AuthCard
        icon={<MailIcon />}
        title="Check your inbox"
        description="Open the verification link we emailed you. To resend it, sign in first."
      >
        <Button asChild size="lg" className="w-full">
          <Link to={{ pathname: "/login", search: location.search }}>Sign in</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<MailIcon />}
      title="Check your inbox"
      description={
        <>
          We sent a verification link to{" "}
          <span className="font-medium text-foreground" data-testid="verify-email-address">
            {user?.email}
          </span>
          . Click it to confirm your email
          {appName ? (
            <>
              {" "}
              and continue to <span className="font-medium text-foreground">{appName}</span>
            </>
          ) : null}
          .
        </>
      }
    >
      <div className="grid gap-3">
        {mail === "dev" ? <DevMailboxNotice /> : null}
        {notice ? (
          <Alert tone={notice.tone} data-testid="verify-notice">
            {notice.text}
          </Alert>
        ) : null}
        <Button
          size="lg"
          className="w-full"
          loading={checking}
          onClick={checkVerified}
          data-testid="verify-continue"
        >
          I've verified my email
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          loading={sending}
          disabled={cooldown > 0}
          onClick={resend}
          data-testid="verify-resend"
        >
          {sending ? null : <RefreshCwIcon />}
          {cooldown > 0 ? `Resend email (${cooldown}s)` : "Resend email"}
        </Button>
        <p className="mt-2 text-center text-13 text-muted-foreground">
          Wrong address?{" "}
          <Link to="/logout" className="rounded font-medium text-primary underline-offset-4 hover:underline">
            Use another account
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

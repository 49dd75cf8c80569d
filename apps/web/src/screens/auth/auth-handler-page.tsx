import { AppError, AUTH_MESSAGES, isStrongPassword, okSchema, sessionResponseSchema } from "@liftoff/domain";
import { Alert, Button, Field, Spinner, toast, useFocusFirstInvalid } from "@liftoff/ui";
import { CircleCheckIcon, KeyRoundIcon, TriangleAlertIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { AuthCard } from "../../layouts/auth-layout.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { useSession } from "../../lib/session.tsx";
import { announceSocialResult, socialErrorMessage } from "../../lib/social-channel.ts";
import { safeContinueUrl } from "./auth-query.ts";
import { PasswordInput } from "./password-input.tsx";
import { useFinishSignIn } from "./use-finish-sign-in.ts";

const DEFAULT_CONTINUE = "/apps";

function Working({ text }: { text: string }) {
  return (
    <AuthCard>
      <div className="flex flex-col items-center gap-3 py-6 text-sm text-muted-foreground" aria-live="polite">
        <Spinner size="lg" label={null} className="text-primary" />
        {text}
      </div>
    </AuthCard>
  );
}

function Failure({ title, message }: { title: string; message: string }) {
  return (
    <AuthCard icon={<TriangleAlertIcon />} title={title}>
      <div className="grid gap-4">
        <Alert tone="error" data-testid="handler-error">
          {message}
        </Alert>
        <Button asChild size="lg" className="w-full">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/** mode=verifyEmail: confirm the code, refresh the session when signed in, then continue. */
function VerifyEmailHandler({ oobCode, continueUrl }: { oobCode: string; continueUrl: string }) {
  const { status, refreshSession } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  const [state, setState] = useState<"working" | "done" | { error: string }>("working");

  useEffect(() => {
    if (started.current || status === "loading") return;
    started.current = true;
    (async () => {
      try {
        if (!oobCode) throw new AppError("LINK_INVALID", "This verification link is invalid or has expired.");
        await api.post("/api/account/verifyEmail", { oobCode }, okSchema);
        if (status === "signedIn") await refreshSession().catch(() => null);
        setState("done");
      } catch (err) {
        setState({ error: errorMessage(err) });
      }
    })();
  }, [status, oobCode, refreshSession]);

  useEffect(() => {
    if (state !== "done") return;
    const id = window.setTimeout(() => navigate(continueUrl, { replace: true }), 1500);
    return () => window.clearTimeout(id);
  }, [state, continueUrl, navigate]);

  if (state === "working") return <Working text="Verifying your email…" />;
  if (typeof state === "object")
    return <Failure title="We couldn't verify your email" message={state.error} />;
  return (
    <AuthCard
      icon={<CircleCheckIcon className="text-success" />}
      title="Email verified"
      description="Thanks for confirming your email. Taking you to Liftoff…"
    >
      <Button asChild size="lg" className="w-full" data-testid="handler-continue">
        <Link to={continueUrl} replace>
          Continue
        </Link>
      </Button>
    </AuthCard>
  );
}

/**
 * mode=verifyAndChangeEmail: the link sent to the NEW address of an e-mail change. Opening
 * it completes the change (the old address gets a notice), then continues.
 */
function ConfirmEmailChangeHandler({ oobCode, continueUrl }: { oobCode: string; continueUrl: string }) {
  const { status, refreshSession } = useSession();
  const started = useRef(false);
  const [state, setState] = useState<"working" | { email: string } | { error: string }>("working");

  useEffect(() => {
    if (started.current || status === "loading") return;
    started.current = true;
    (async () => {
      try {
        if (!oobCode) throw new AppError("LINK_INVALID", "This link is invalid or has expired.");
        const res = await api.post(
          "/api/account/confirmEmailChange",
          { oobCode },
          z.object({ email: z.string() }),
        );
        if (status === "signedIn") await refreshSession().catch(() => null);
        setState({ email: res.email });
      } catch (err) {
        if (err instanceof AppError && err.code === "auth/email-already-exists") {
          setState({ error: AUTH_MESSAGES.emailChangeInUse });
        } else if (err instanceof AppError && err.code === "LINK_INVALID") {
          setState({ error: err.message });
        } else {
          setState({ error: AUTH_MESSAGES.emailChangeFailed });
        }
      }
    })();
  }, [status, oobCode, refreshSession]);

  if (state === "working") return <Working text="Confirming your new email…" />;
  if ("error" in state) return <Failure title="We couldn't change your email" message={state.error} />;
  return (
    <AuthCard
      icon={<CircleCheckIcon className="text-success" />}
      title={AUTH_MESSAGES.emailUpdated}
      description={`You now sign in with ${state.email}.`}
    >
      <Button asChild size="lg" className="w-full" data-testid="handler-continue">
        <Link to={status === "signedIn" ? continueUrl : "/login"} replace>
          Continue
        </Link>
      </Button>
    </AuthCard>
  );
}

function resetErrorMessage(error: unknown): string {
  if (error instanceof AppError) {
    if (error.code === "LINK_INVALID") return AUTH_MESSAGES.resetLinkInvalid;
    if (error.code === "NOT_FOUND" || error.code === "USER_DISABLED") return AUTH_MESSAGES.resetUserNotFound;
  }
  return AUTH_MESSAGES.resetFailed;
}

/** mode=resetPassword: choose a new password, then back to /login. */
function ResetPasswordHandler({ oobCode }: { oobCode: string }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useFocusFirstInvalid();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(oobCode ? null : AUTH_MESSAGES.resetLinkInvalid);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!oobCode) {
      setError(AUTH_MESSAGES.resetLinkInvalid);
      return;
    }
    if (!isStrongPassword(password)) {
      setFieldError(AUTH_MESSAGES.resetWeakPassword);
      form.focusFirstInvalid();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await api.post("/api/account/resetPassword", { oobCode, newPassword: password }, okSchema);
      toast.success(AUTH_MESSAGES.resetSuccess);
      navigate("/login", { replace: true });
    } catch (err) {
      // The server's password rules speak about the field: show it there and go to it.
      if (err instanceof AppError && err.code === "WEAK_PASSWORD") {
        setFieldError(AUTH_MESSAGES.resetWeakPassword);
        form.focusFirstInvalid();
      } else setError(resetErrorMessage(err));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      icon={<KeyRoundIcon />}
      title="Choose a new password"
      description="Use at least 8 characters with a letter and a number."
    >
      <form
        ref={form.ref}
        onSubmit={submit}
        noValidate
        className="grid gap-4"
        aria-label="Choose a new password"
      >
        {error ? (
          <Alert tone="error" data-testid="reset-new-error">
            {error}
          </Alert>
        ) : null}
        {error === AUTH_MESSAGES.resetLinkInvalid ? (
          <p className="-mt-1 text-13 text-muted-foreground">
            Need a fresh link?{" "}
            <Link
              to="/login?mode=reset"
              className="rounded font-medium text-primary underline-offset-4 hover:underline"
            >
              Request a new one
            </Link>
          </p>
        ) : null}
        <Field label="New password" htmlFor="reset-new-password" error={fieldError}>
          <PasswordInput
            ref={inputRef}
            id="reset-new-password"
            data-testid="reset-new-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={busy} data-testid="reset-new-submit">
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}

/**
 * mode=social: the OAuth callback left a cookie session. In a popup, confirm it and tell
 * the opener (same origin only), which shares the cookie; otherwise sign in right here.
 */
function SocialHandler({ search, isPopup }: { search: string; isPopup: boolean }) {
  const finish = useFinishSignIn();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const res = await api.post("/api/session/exchange", undefined, sessionResponseSchema);
        if (isPopup) {
          announceSocialResult({ signedIn: true });
          window.close();
          return;
        }
        const params = new URLSearchParams(search);
        for (const key of ["mode", "oobCode", "popup", "error"]) params.delete(key);
        const result = await finish(res, { search: params.toString() });
        if (!result.ok) setError(result.message);
      } catch (err) {
        if (isPopup) announceSocialResult({ error: errorMessage(err) });
        setError(errorMessage(err));
      }
    })();
  }, [finish, search, isPopup]);

  if (error) return <Failure title="Sign-in didn't complete" message={error} />;
  return <Working text="Signing you in…" />;
}

/** A failed provider round trip: tell the opening page (popup) and show it here too. */
function SocialFailure({ isPopup, message }: { isPopup: boolean; message: string }) {
  useEffect(() => {
    if (!isPopup) return;
    announceSocialResult({ error: message });
    window.close();
  }, [isPopup, message]);
  return <Failure title="Sign-in didn't complete" message={message} />;
}

/** /auth/handler?mode=verifyEmail|verifyAndChangeEmail|resetPassword|social&oobCode&continueUrl — the target of mail and OAuth links. */
export function AuthHandlerPage() {
  const [params] = useSearchParams();
  const mode = params.get("mode");
  const oobCode = params.get("oobCode") ?? "";
  const continueUrl = safeContinueUrl(params.get("continueUrl"), DEFAULT_CONTINUE);
  const providerError = params.get("error");

  if (mode === "verifyEmail") return <VerifyEmailHandler oobCode={oobCode} continueUrl={continueUrl} />;
  if (mode === "verifyAndChangeEmail")
    return <ConfirmEmailChangeHandler oobCode={oobCode} continueUrl={continueUrl} />;
  if (mode === "resetPassword") return <ResetPasswordHandler oobCode={oobCode} />;
  if (mode === "social") {
    // The popup flag travels in the callback URL: window.opener may not survive the
    // provider's pages.
    const isPopup = params.get("popup") === "1";
    if (providerError) {
      return (
        <SocialFailure
          isPopup={isPopup}
          message={socialErrorMessage(providerError, params.get("error_description"))}
        />
      );
    }
    return <SocialHandler search={params.toString()} isPopup={isPopup} />;
  }
  return (
    <Failure title="This link isn't valid" message="The link you followed is incomplete or has expired." />
  );
}

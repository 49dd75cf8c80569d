import {
  AUTH_MESSAGES,
  isStrongPassword,
  isValidEmail,
  postLoginRedirect,
  type SocialProvider,
  sessionResponseSchema,
} from "@liftoff/domain";
import {
  Alert,
  Button,
  Field,
  Input,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useFocusFirstInvalid,
} from "@liftoff/ui";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "../../layouts/auth-layout.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { useSession } from "../../lib/session.tsx";
import { type LoginMode as Mode, loginMode as modeOf, redirectQuery, withOnboarding } from "./auth-query.ts";
import { PasswordInput } from "./password-input.tsx";
import { ResetRequestForm } from "./reset-request-form.tsx";
import { OrDivider, SocialButtons, useSocialProviders } from "./social-sign-in.tsx";
import { useFinishSignIn } from "./use-finish-sign-in.ts";

function searchWithMode(search: string, mode: Mode): string {
  const params = new URLSearchParams(search);
  if (mode === "signin") params.delete("mode");
  else params.set("mode", mode);
  const next = params.toString();
  return next ? `?${next}` : "";
}

/** Focus a field once it is on screen (instead of autoFocus, which fights screen readers). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

type FormProps = {
  email: string;
  setEmail: (email: string) => void;
  providers: SocialProvider[];
  /** Marks a sign-in flow as running, so the page does not redirect under it. */
  flowRef: { current: boolean };
};

function SocialBlock({
  providers,
  busy,
  setBusy,
  setError,
}: {
  providers: SocialProvider[];
  busy: boolean;
  setBusy: (busy: boolean) => void;
  setError: (message: string | null) => void;
}) {
  const finish = useFinishSignIn();
  if (providers.length === 0) return null;
  return (
    <>
      <SocialButtons
        providers={providers}
        disabled={busy}
        onBusyChange={setBusy}
        onError={setError}
        onSession={(res) => finish(res)}
      />
      <OrDivider label="or with email" />
    </>
  );
}

function SignInForm({ email, setEmail, providers, flowRef }: FormProps) {
  const location = useLocation();
  const finish = useFinishSignIn();
  const emailRef = useFocusOnMount<HTMLInputElement>();
  const form = useFocusFirstInvalid();
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [socialBusy, setSocialBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const errors: typeof fieldErrors = {};
    if (!email.trim()) errors.email = "Enter your email address";
    if (!password) errors.password = "Enter your password";
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      form.focusFirstInvalid();
      return;
    }
    // Spec 5: an invalid e-mail on login reads like any other failed login.
    if (!isValidEmail(email)) {
      setError(AUTH_MESSAGES.invalidCredentials);
      return;
    }
    setBusy(true);
    flowRef.current = true;
    try {
      const res = await api.post(
        "/api/session/login",
        { email: email.trim(), password },
        sessionResponseSchema,
      );
      const result = await finish(res, { onStatus: setStatus });
      if (!result.ok) setError(result.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      flowRef.current = false;
      setBusy(false);
      setStatus(null);
    }
  }

  return (
    <>
      <SocialBlock providers={providers} busy={busy} setBusy={setSocialBusy} setError={setError} />
      <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign in">
        {error ? (
          <Alert tone="error" data-testid="login-error">
            {error}
          </Alert>
        ) : null}
        <Field label="Email" htmlFor="login-email" error={fieldErrors.email}>
          <Input
            ref={emailRef}
            id="login-email"
            data-testid="login-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field
          label="Password"
          htmlFor="login-password"
          error={fieldErrors.password}
          labelAside={
            <Link
              to={{ pathname: "/login", search: searchWithMode(location.search, "reset") }}
              data-testid="login-forgot"
              className="rounded text-13 font-medium text-primary hover:underline underline-offset-4"
            >
              Forgot password?
            </Link>
          }
        >
          <PasswordInput
            id="login-password"
            data-testid="login-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button
          type="submit"
          size="lg"
          className="mt-1 w-full"
          loading={busy}
          disabled={socialBusy}
          data-testid="login-submit"
        >
          {status ?? "Sign in"}
        </Button>
      </form>
    </>
  );
}

function SignUpForm({ email, setEmail, providers, flowRef }: FormProps) {
  const location = useLocation();
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const nameRef = useFocusOnMount<HTMLInputElement>();
  const form = useFocusFirstInvalid();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [socialBusy, setSocialBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const errors: typeof fieldErrors = {};
    if (!isValidEmail(email)) errors.email = AUTH_MESSAGES.invalidEmail;
    if (!isStrongPassword(password)) errors.password = AUTH_MESSAGES.weakPassword;
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      form.focusFirstInvalid();
      return;
    }

    // Where the verification link should land once the address is confirmed.
    const continueUrl = postLoginRedirect({
      query: withOnboarding(redirectQuery(location.search)),
      user: { emailVerified: true },
      account: null,
    });
    const appName = params.get("appName") || undefined;
    setBusy(true);
    flowRef.current = true;
    try {
      const res = await api.post(
        "/api/session/signup",
        { email: email.trim(), password, name: name.trim() || undefined, continueUrl, appName },
        sessionResponseSchema,
      );
      const result = await finish(res, { signUp: true, onStatus: setStatus });
      if (!result.ok) setError(result.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      flowRef.current = false;
      setBusy(false);
      setStatus(null);
    }
  }

  return (
    <>
      <SocialBlock providers={providers} busy={busy} setBusy={setSocialBusy} setError={setError} />
      <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4" aria-label="Create account">
        {error ? (
          <Alert tone="error" data-testid="signup-error">
            {error}
          </Alert>
        ) : null}
        <Field label="Name" htmlFor="signup-name">
          <Input
            ref={nameRef}
            id="signup-name"
            data-testid="signup-name"
            autoComplete="name"
            placeholder="Ada Lovelace"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label="Email" htmlFor="signup-email" error={fieldErrors.email}>
          <Input
            id="signup-email"
            data-testid="signup-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field
          label="Password"
          htmlFor="signup-password"
          error={fieldErrors.password}
          hint="At least 8 characters with a letter and a number."
        >
          <PasswordInput
            id="signup-password"
            data-testid="signup-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button
          type="submit"
          size="lg"
          className="mt-1 w-full"
          loading={busy}
          disabled={socialBusy}
          data-testid="signup-submit"
        >
          {status ?? "Create account"}
        </Button>
        <p className="text-center text-xs leading-5 text-muted-foreground">
          By creating an account you agree to the{" "}
          <Link
            to="/terms-of-service"
            className="font-medium text-foreground underline-offset-4 hover:underline"
          >
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link
            to="/privacy-policy"
            className="font-medium text-foreground underline-offset-4 hover:underline"
          >
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </>
  );
}

export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { status, user, account } = useSession();
  const providers = useSocialProviders();
  const mode = modeOf(params);
  const [email, setEmail] = useState(params.get("email") ?? "");
  const flowRef = useRef(false);

  // Someone already signed in has nothing to do here.
  useEffect(() => {
    if (status !== "signedIn" || !user || flowRef.current || mode === "reset") return;
    navigate(postLoginRedirect({ query: redirectQuery(location.search), user, account }), { replace: true });
  }, [status, user, account, mode, location.search, navigate]);

  if (mode === "reset") {
    return (
      <AuthCard
        title="Reset your password"
        description="Enter the email you signed up with and we'll send you a link to choose a new password."
      >
        <ResetRequestForm
          email={email}
          setEmail={setEmail}
          backTo={searchWithMode(location.search, "signin")}
        />
      </AuthCard>
    );
  }

  const signup = mode === "signup";
  const appName = params.get("appName");
  return (
    <AuthCard
      title={signup ? "Create your account" : "Welcome back"}
      description={
        appName
          ? `${signup ? "Sign up" : "Sign in"} to continue to ${appName}.`
          : signup
            ? "Start building AI-powered apps in minutes."
            : "Sign in to your Liftoff account."
      }
    >
      <Tabs
        value={mode}
        onValueChange={(value) =>
          navigate(
            { pathname: "/login", search: searchWithMode(location.search, value as Mode) },
            { replace: true },
          )
        }
      >
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="signin" data-testid="login-tab-signin">
            Sign in
          </TabsTrigger>
          <TabsTrigger value="signup" data-testid="login-tab-signup">
            Create account
          </TabsTrigger>
        </TabsList>
        <TabsContent value="signin" className="mt-6">
          <SignInForm email={email} setEmail={setEmail} providers={providers} flowRef={flowRef} />
        </TabsContent>
        <TabsContent value="signup" className="mt-6">
          <SignUpForm email={email} setEmail={setEmail} providers={providers} flowRef={flowRef} />
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}

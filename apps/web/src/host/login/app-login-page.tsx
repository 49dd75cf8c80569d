import type { AppUserAuthResponse } from "@liftoff/domain";
import { Button, Card, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from "@liftoff/ui";
import { CloudOffIcon, MailIcon, RefreshCwIcon, RocketIcon, SearchXIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { fetchToolApp } from "../../tool-app/page/fetch-tool-app.ts";
import { clearAppToken, readAppToken, writeAppToken } from "../app-token-store.ts";
import { fetchRuntimeBundle } from "../fetch-runtime-bundle.ts";
import type { HostRoute } from "../host-route.ts";
import { loadRuntimeBundle } from "../load-runtime-bundle.ts";
import { StatusPage } from "../status-page.tsx";
import { platformRootUrl, WatermarkBadge } from "../watermark-badge.tsx";
import { afterSignInUrl } from "./after-sign-in-url.ts";
import { appAuthApi } from "./app-auth-api.ts";
import { AppIcon } from "./app-brand.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { type LoginApp, loginAppOf, loginAppOfToolApp } from "./login-app.ts";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";
import { VerifyEmailView } from "./verify-email-view.tsx";

type LoginRoute = Extract<HostRoute, { page: "login" }>;
type View = "signin" | "signup" | "forgot" | "verifyEmail" | "resetPassword";

const HEADINGS: Record<View, { title: string; text: string }> = {
  signin: { title: "Welcome back", text: "Sign in to continue" },
  signup: { title: "Create your account", text: "Sign up to get started" },
  forgot: { title: "Forgot your password?", text: "We will mail you a reset link" },
  verifyEmail: { title: "Verify your email", text: "Confirming your address" },
  resetPassword: { title: "Choose a new password", text: "Use at least 8 characters" },
};

type LoadState =
  | { kind: "loading" }
  | { kind: "ready"; app: LoginApp }
  | { kind: "notFound" }
  | { kind: "unpublished" }
  | { kind: "error" };

/** Drops mode and oobCode from the address once their link has been used, keeping nextUrl. */
function forgetLinkCode() {
  const params = new URLSearchParams(location.search);
  params.delete("mode");
  params.delete("oobCode");
  const query = params.toString();
  history.replaceState(null, "", `${location.pathname}${query ? `?${query}` : ""}`);
}

/**
 * The login page of one app (`/apps/{id}/login`, `/login` on a custom host), branded with the
 * app's name and icon: sign in, sign up (when the app enables it), forgot password, and the
 * landings of the verification and reset mail links.
 */
export function AppLoginPage({ route }: { route: LoginRoute }) {
  const [load, setLoad] = useState<LoadState>({ kind: "loading" });
  const [view, setView] = useState<View>(route.mode.kind);
  const [email, setEmail] = useState("");
  // The verification link signed the user in: the heading says so rather than "Verify".
  const [verified, setVerified] = useState(false);
  const { customHost } = route;

  useEffect(() => {
    const knownAppId = "appId" in route.lookup ? route.lookup.appId : null;
    void loadRuntimeBundle(
      route.lookup,
      { read: readAppToken, clear: clearAppToken },
      fetchRuntimeBundle,
    ).then(async (answer) => {
      if (answer.status === "error") return setLoad({ kind: "error" });
      // Nobody can sign in to an app that is not published: say that instead of a form.
      if (answer.status === "forbidden" && answer.notPublished) return setLoad({ kind: "unpublished" });
      // Not a space app: a generated app or single tool has the same end-user accounts.
      if (answer.status === "notFound") {
        const toolApp = await fetchToolApp(route.lookup);
        if (toolApp.status === "ok") return setLoad({ kind: "ready", app: loginAppOfToolApp(toolApp.app) });
        if (toolApp.status === "unpublished") return setLoad({ kind: "unpublished" });
      }
      const app = loginAppOf(answer, knownAppId);
      setLoad(app ? { kind: "ready", app } : { kind: "notFound" });
    });
  }, [route.lookup]);

  const app = load.kind === "ready" ? load.app : null;
  const auth = useMemo(() => (app ? appAuthApi(app.id) : null), [app]);

  useEffect(() => {
    if (app) document.title = app.name ? `Sign in · ${app.name}` : "Sign in";
  }, [app]);

  if (load.kind === "loading") {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-neutral-50 text-muted-foreground">
        <Spinner size="md" />
      </main>
    );
  }
  if (load.kind === "error") {
    return (
      <StatusPage
        icon={CloudOffIcon}
        title="Could not load the app"
        description="Check your connection and try again."
        action={
          <Button variant="outline" onClick={() => location.reload()}>
            <RefreshCwIcon aria-hidden /> Try again
          </Button>
        }
      />
    );
  }
  if (load.kind === "unpublished") {
    return (
      <StatusPage
        icon={RocketIcon}
        title="This app is not published yet"
        description="Its builder is still working on it. Check back later, or ask them for the published link."
      />
    );
  }
  if (!app || !auth) {
    return (
      <StatusPage
        icon={SearchXIcon}
        title="App not found"
        description="This app does not exist or is no longer available."
      />
    );
  }

  const signedIn = (session: AppUserAuthResponse) => {
    writeAppToken(app.id, session.token);
    location.assign(afterSignInUrl(route.nextUrl, { slug: app.slug, customHost }));
  };
  const toSignIn = () => {
    forgetLinkCode();
    setView("signin");
  };
  const signupOpen = app.isSignupEnabled !== false;
  const heading =
    view === "verifyEmail" && verified
      ? { title: "Email confirmed", text: app.name ? `Welcome to ${app.name}` : "Welcome" }
      : HEADINGS[view];

  return (
    <main className="flex min-h-dvh flex-col items-center bg-neutral-50 px-4 pt-10 pb-16 sm:pt-20">
      <div className="w-full max-w-[400px]">
        <header className="mb-6 flex flex-col items-center text-center">
          <AppIcon icon={app.icon} name={app.name} />
          {app.name ? (
            <p className="mt-3 text-sm font-medium text-muted-foreground" data-testid="app-login-name">
              {app.name}
            </p>
          ) : null}
          {/* Where the visitor is signing in: the app's own address (a custom host, else its slug URL). */}
          <p
            className="mt-0.5 max-w-full truncate text-xs text-muted-foreground"
            data-testid="app-login-address"
          >
            {customHost ? window.location.host : `${window.location.host}/app/${app.slug}`}
          </p>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight text-foreground">{heading.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{heading.text}</p>
        </header>

        <Card className="p-5 shadow-md sm:p-7">
          {view === "signin" || view === "signup" ? (
            signupOpen ? (
              <Tabs value={view} onValueChange={(next) => setView(next as View)}>
                <TabsList className="mb-5 grid w-full grid-cols-2">
                  <TabsTrigger value="signin" data-testid="app-tab-signin">
                    Sign in
                  </TabsTrigger>
                  <TabsTrigger value="signup" data-testid="app-tab-signup">
                    Sign up
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="signin">
                  <SignInForm
                    auth={auth}
                    email={email}
                    setEmail={setEmail}
                    onForgot={() => setView("forgot")}
                    onSignedIn={signedIn}
                  />
                </TabsContent>
                <TabsContent value="signup">
                  <SignUpForm auth={auth} email={email} setEmail={setEmail} onSignedIn={signedIn} />
                </TabsContent>
              </Tabs>
            ) : (
              <SignInForm
                auth={auth}
                email={email}
                setEmail={setEmail}
                onForgot={() => setView("forgot")}
                onSignedIn={signedIn}
              />
            )
          ) : null}
          {view === "forgot" ? (
            <ForgotPasswordForm
              auth={auth}
              email={email}
              setEmail={setEmail}
              onBack={() => setView("signin")}
            />
          ) : null}
          {view === "verifyEmail" && route.mode.kind === "verifyEmail" ? (
            <VerifyEmailView
              auth={auth}
              oobCode={route.mode.oobCode}
              appName={app.name}
              onSignedIn={(session) => {
                writeAppToken(app.id, session.token);
                forgetLinkCode();
                setVerified(true);
              }}
              onContinue={() =>
                location.assign(afterSignInUrl(route.nextUrl, { slug: app.slug, customHost }))
              }
              onSignIn={toSignIn}
            />
          ) : null}
          {view === "resetPassword" && route.mode.kind === "resetPassword" ? (
            <ResetPasswordForm auth={auth} oobCode={route.mode.oobCode} onDone={toSignIn} />
          ) : null}
        </Card>

        <LoginFooter app={app} showLegal={signupOpen} />
      </div>
      {app.showWatermark ? <WatermarkBadge href={platformRootUrl(customHost)} /> : null}
    </main>
  );
}

const LINK = "rounded hover:text-foreground hover:underline underline-offset-4";

/** Terms, privacy and support of the app (required by its settings when sign-up is on). */
function LoginFooter({ app, showLegal }: { app: LoginApp; showLegal: boolean }) {
  if (!showLegal) return null;
  const links = [
    app.termsOfServiceLink ? { href: app.termsOfServiceLink, label: "Terms of Service" } : null,
    app.privacyPolicyLink ? { href: app.privacyPolicyLink, label: "Privacy Policy" } : null,
  ].filter(
    (link): link is { href: string; label: string } => link !== null && /^https?:\/\//.test(link.href),
  );
  if (links.length === 0 && !app.supportEmail) return null;
  return (
    <footer
      className="mt-6 grid gap-2 text-center text-xs text-muted-foreground"
      data-testid="app-login-footer"
    >
      {links.length > 0 ? (
        <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
          {links.map((link, index) => (
            <span key={link.label} className="inline-flex items-center gap-3">
              {index > 0 ? <span aria-hidden>·</span> : null}
              <a href={link.href} target="_blank" rel="noopener noreferrer" className={LINK}>
                {link.label}
              </a>
            </span>
          ))}
        </p>
      ) : null}
      {app.supportEmail ? (
        <p>
          <a href={`mailto:${app.supportEmail}`} className={`${LINK} inline-flex items-center gap-1.5`}>
            <MailIcon className="size-3.5" aria-hidden />
            {app.supportEmail}
          </a>
        </p>
      ) : null}
    </footer>
  );
}

import { Spinner } from "@liftoff/ui";
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from "react-router";
import { AdaptiveLayout } from "./layouts/adaptive-layout.tsx";
import { AppShell } from "./layouts/app-shell.tsx";
import { AuthLayout } from "./layouts/auth-layout.tsx";
import { PublicLayout } from "./layouts/public-layout.tsx";
import { RouteError } from "./layouts/route-error.tsx";
import { FIRST_RUN_PATH } from "./lib/first-run.ts";
import { RequireAdmin, RequireAuth } from "./lib/session.tsx";
import { usePageTitle } from "./lib/use-page-title.ts";
import { loginTitle } from "./screens/auth/auth-query.ts";
import { builderTitle } from "./screens/builder/builder-panels.ts";
import { UpgradeDialogProvider } from "./screens/pricing/upgrade-dialog.tsx";

function PageFallback() {
  return (
    <div
      className="flex min-h-[50vh] flex-1 items-center justify-center text-muted-foreground"
      aria-busy="true"
    >
      <Spinner size="md" label="Loading page" />
    </div>
  );
}

/** A code-split screen: `page(() => import("./x.tsx"), "XPage")`, shown with a spinner while it loads. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactNode {
  const Screen: LazyExoticComponent<ComponentType> = lazy(async () => {
    const component: ComponentType = (await load())[name];
    return { default: component };
  });
  return (
    <Suspense fallback={<PageFallback />}>
      <Screen />
    </Suspense>
  );
}

/** The root route: the upgrade dialog (it also handles ?goto=upgrade_app_plan) and scroll restoration. */
function Root() {
  usePageTitle();
  return (
    <UpgradeDialogProvider>
      <Outlet />
      <ScrollRestoration />
    </UpgradeDialogProvider>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            path: "/",
            handle: { title: "Build AI apps" },
            element: page(() => import("./screens/landing/landing-page.tsx"), "LandingPage"),
          },
          {
            path: "/terms-of-service",
            handle: { title: "Terms of Service" },
            element: page(() => import("./screens/legal/terms-page.tsx"), "TermsPage"),
          },
          {
            path: "/privacy-policy",
            handle: { title: "Privacy Policy" },
            element: page(() => import("./screens/legal/privacy-page.tsx"), "PrivacyPage"),
          },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          {
            path: "/login",
            handle: { title: loginTitle },
            element: page(() => import("./screens/auth/login-page.tsx"), "LoginPage"),
          },
          {
            path: "/logout",
            handle: { title: "Signing out" },
            element: page(() => import("./screens/auth/logout-page.tsx"), "LogoutPage"),
          },
          {
            path: "/auth/verifyEmail",
            handle: { title: "Verify your email" },
            element: page(() => import("./screens/auth/verify-email-page.tsx"), "VerifyEmailPage"),
          },
          {
            path: "/auth/handler",
            handle: { title: "Account" },
            element: page(() => import("./screens/auth/auth-handler-page.tsx"), "AuthHandlerPage"),
          },
          {
            path: "/error/unauthorized",
            handle: { title: "Not allowed" },
            element: page(() => import("./screens/auth/unauthorized-page.tsx"), "UnauthorizedPage"),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: "/onboarding",
                handle: { title: "Welcome" },
                element: page(() => import("./screens/auth/onboarding-page.tsx"), "OnboardingPage"),
              },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: FIRST_RUN_PATH,
                    handle: { title: "Set up Liftoff" },
                    element: page(() => import("./screens/admin/first-run-page.tsx"), "FirstRunPage"),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                path: "/home",
                handle: { title: "Home" },
                element: page(() => import("./screens/home/home-page.tsx"), "HomePage"),
              },
              {
                path: "/apps",
                handle: { title: "Apps" },
                element: page(() => import("./screens/apps/apps-page.tsx"), "AppsPage"),
              },
              {
                path: "/apps/packages",
                handle: { title: "App packages" },
                element: page(() => import("./screens/apps/packages-page.tsx"), "PackagesPage"),
              },
              {
                path: "/joinPlan",
                handle: { title: "Join plan" },
                element: page(() => import("./screens/pricing/join-plan-page.tsx"), "JoinPlanPage"),
              },
              {
                // Each tab a route with a title of its own (WCAG 2.4.2), inside the page's frame.
                path: "/settings",
                handle: { title: "Settings" },
                element: page(() => import("./screens/settings/settings-page.tsx"), "SettingsPage"),
                children: [
                  { index: true, element: <Navigate to="/settings/profile" replace /> },
                  {
                    path: "profile",
                    handle: { title: "Profile settings" },
                    element: page(() => import("./screens/settings/profile-settings.tsx"), "ProfileSettings"),
                  },
                  {
                    path: "email",
                    handle: { title: "Email settings" },
                    element: page(() => import("./screens/settings/email-settings.tsx"), "EmailSettings"),
                  },
                  {
                    path: "password",
                    handle: { title: "Password settings" },
                    element: page(
                      () => import("./screens/settings/password-settings.tsx"),
                      "PasswordSettings",
                    ),
                  },
                  {
                    path: "plan",
                    handle: { title: "Plan & usage" },
                    element: page(() => import("./screens/settings/plan-settings.tsx"), "PlanSettings"),
                  },
                ],
              },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: "/admin",
                    handle: { title: "Admin" },
                    element: page(() => import("./screens/admin/admin-page.tsx"), "AdminPage"),
                  },
                ],
              },
            ],
          },
          // The builder is full-screen and brings its own header.
          {
            path: "/build/app/:appId/*",
            handle: { title: builderTitle },
            element: page(() => import("./screens/builder/builder-shell-page.tsx"), "BuilderShellPage"),
          },
        ],
      },
      {
        // Open to everyone: the app shell when signed in, the marketing frame otherwise. The dev
        // mailbox page asks a signed-out visitor to sign in (its API needs a session).
        element: <AdaptiveLayout />,
        children: [
          {
            path: "/pricing",
            handle: { title: "Pricing" },
            element: page(() => import("./screens/pricing/pricing-page.tsx"), "PricingPage"),
          },
          {
            path: "/templates",
            handle: { title: "Templates" },
            element: page(() => import("./screens/templates/templates-page.tsx"), "TemplatesPage"),
          },
          {
            path: "/dev/mailbox",
            handle: { title: "Dev mailbox" },
            element: page(() => import("./screens/dev/mailbox-page.tsx"), "MailboxPage"),
          },
          {
            path: "*",
            handle: { title: "Page not found" },
            element: page(() => import("./screens/not-found-page.tsx"), "NotFoundPage"),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

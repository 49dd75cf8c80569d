import type { PublicToolApp } from "@liftoff/domain";
import type { BundleAnswer } from "../fetch-runtime-bundle.ts";

/** What the login page knows of its app: from the bundle, or from a private app's 403. */
export type LoginApp = {
  id: string;
  /** Empty when a private app's 403 did not say. */
  name: string;
  slug: string | null;
  icon: string | null;
  /** null when the server did not say (the sign-up route then has the last word). */
  isSignupEnabled: boolean | null;
  termsOfServiceLink: string;
  privacyPolicyLink: string;
  supportEmail: string;
  showWatermark: boolean;
};

/** The login page's app from a bundle answer; null when the answer does not name an app. */
export function loginAppOf(answer: BundleAnswer, knownAppId: string | null): LoginApp | null {
  if (answer.status === "ok") {
    const { app } = answer.bundle;
    return { ...app, slug: app.slug };
  }
  if (answer.status !== "forbidden" && answer.status !== "unauthorized") return null;
  const info = answer.status === "forbidden" ? answer.app : null;
  const id = (answer.status === "forbidden" ? answer.appId : null) ?? info?.id ?? knownAppId;
  if (!id) return null;
  return {
    id,
    name: info?.name ?? "",
    slug: info?.slug ?? null,
    icon: info?.icon ?? null,
    isSignupEnabled: info?.isSignupEnabled ?? null,
    termsOfServiceLink: info?.termsOfServiceLink ?? "",
    privacyPolicyLink: info?.privacyPolicyLink ?? "",
    supportEmail: info?.supportEmail ?? "",
    showWatermark: info?.showWatermark ?? false,
  };
}

/** The login page's app for a published generated app or single tool (their public view). */
export function loginAppOfToolApp(app: PublicToolApp): LoginApp {
  return {
    id: app.appId,
    name: app.header.trim() || app.name,
    slug: app.slug,
    icon: app.style.logoUrl || null,
    isSignupEnabled: app.isSignupEnabled,
    termsOfServiceLink: app.termsOfServiceLink,
    privacyPolicyLink: app.privacyPolicyLink,
    supportEmail: app.supportEmail,
    showWatermark: app.showWatermark,
  };
}

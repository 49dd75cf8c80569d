import type { Page } from "playwright-core";
import { handlerLink, waitForMail } from "./mailbox.ts";

export const E2E_PASSWORD = "liftoff-e2e-42";

/** Signs up through the UI and leaves the browser on the verify-email page. */
export async function signUpInUi(page: Page, email: string, name = "E2E Builder"): Promise<void> {
  await page.goto("/login?mode=signup");
  await page.getByTestId("signup-name").fill(name);
  await page.getByTestId("signup-email").fill(email);
  await page.getByTestId("signup-password").fill(E2E_PASSWORD);
  await page.getByTestId("signup-submit").click();
  await page.waitForURL(/\/auth\/verifyEmail/);
}

/** Opens the verification link from the dev mailbox in the same browser. */
export async function verifyFromMailbox(page: Page, email: string): Promise<void> {
  const mail = await waitForMail(email, "Verify");
  await page.goto(handlerLink(mail));
  await page.getByTestId("handler-continue").waitFor();
}

/** Sign up + verify + skip onboarding: a ready builder on /apps. */
export async function signUpVerified(page: Page, email: string): Promise<void> {
  await signUpInUi(page, email);
  await verifyFromMailbox(page, email);
  await page.goto("/apps");
  await page.getByTestId("apps-create").first().waitFor();
}

export async function logInInUi(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
}

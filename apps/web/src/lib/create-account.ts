import { ACCOUNT_MESSAGES, AppError } from "@liftoff/domain";

/** Spec sections 7 and 9: with a sale_id, wait 3 s, then retry a 401 up to 7 times every 4 s. */
export const ACCOUNT_CREATE_INITIAL_WAIT_MS = 3_000;
export const ACCOUNT_CREATE_RETRIES = 7;
export const ACCOUNT_CREATE_RETRY_INTERVAL_MS = 4_000;

export type CreateAccountOutcome =
  | { kind: "created"; accountId: string }
  /** Go to `redirectTo` and sign out. */
  | { kind: "unauthorized"; redirectTo: string }
  | { kind: "failed"; message: string };

export type CreateAccountOptions = {
  /** The sale_id query parameter, when the visitor arrives from a purchase. */
  saleId?: string | null;
  /** POST /api/account/create with the given body. */
  post: (body: { saleId?: string }) => Promise<{ accountId: string }>;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isUnauthorized(error: unknown): boolean {
  return error instanceof AppError && (error.status === 401 || error.code === "UNAUTHORIZED");
}

export function unauthorizedPath(saleId?: string | null): string {
  return saleId ? `/error/unauthorized?paymentId=${encodeURIComponent(saleId)}` : "/error/unauthorized";
}

/**
 * Creates the account after sign-up. A purchase can land before the payment webhook has
 * linked it to the user, so with a sale id the server may answer 401 for a while: wait and
 * retry. Without a sale id, a 401 is final at once.
 */
export async function createAccount({
  saleId,
  post,
  sleep = defaultSleep,
}: CreateAccountOptions): Promise<CreateAccountOutcome> {
  const body = saleId ? { saleId } : {};
  const retries = saleId ? ACCOUNT_CREATE_RETRIES : 0;
  if (saleId) await sleep(ACCOUNT_CREATE_INITIAL_WAIT_MS);

  for (let attempt = 0; ; attempt++) {
    try {
      const { accountId } = await post(body);
      return { kind: "created", accountId };
    } catch (error) {
      if (!isUnauthorized(error)) return { kind: "failed", message: ACCOUNT_MESSAGES.createFailed };
      if (attempt >= retries) return { kind: "unauthorized", redirectTo: unauthorizedPath(saleId) };
      await sleep(ACCOUNT_CREATE_RETRY_INTERVAL_MS);
    }
  }
}

import type { SavedApp } from "@liftoff/domain";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Parts of the saved document that only the server writes, put back from the stored
 * document before a save is checked: the chat assistant (its own admin-only call), and the
 * payment connection (whether a token is stored, the connected product, setup done), which
 * the payments flow sets. A builder who sends other values in a document changes nothing.
 */
export function keepServerOwned(
  doc: unknown,
  previous: SavedApp,
  options: { chatSettings?: SavedApp["chatSettings"]; hasPaymentProviderAccessToken?: boolean } = {},
): unknown {
  if (!isPlainObject(doc)) return doc;
  const out: Record<string, unknown> = {
    ...doc,
    chatSettings: options.chatSettings ?? previous.chatSettings,
  };
  if (isPlainObject(out.settings)) {
    out.settings = {
      ...out.settings,
      paidMembershipsSettings: {
        ...previous.settings.paidMembershipsSettings,
        ...(options.hasPaymentProviderAccessToken === undefined
          ? {}
          : { hasPaymentProviderAccessToken: options.hasPaymentProviderAccessToken }),
      },
      paidMembershipsProduct: previous.settings.paidMembershipsProduct,
    };
  }
  return out;
}

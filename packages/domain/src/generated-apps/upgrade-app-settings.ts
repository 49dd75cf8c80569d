import { z } from "zod";
import { AI_QUERY_METHODS, DEFAULT_SAVED_APP_SETTINGS as D, type SavedAppSettings } from "./app-settings.ts";
import {
  firstOf,
  looseBoolean,
  looseEnum,
  looseImage,
  looseList,
  looseNumber,
  looseRecord,
  looseText,
  looseUrl,
} from "./loose-read.ts";
import {
  SAVED_APP_SETTINGS_RANGES as R,
  SAVED_APP_LIMITS,
  SAVED_APP_TEXT_LIMITS as T,
} from "./saved-app-limits.ts";

/**
 * Settings of any builder version as v4 reads them: numbers out of range are clamped to
 * the spec's ranges (a daily limit of 500 reads 100, a temperature of 0.75 reads 0.8),
 * unreadable ones take the default, and links that are not URLs are cleared.
 */
export function upgradeAppSettings(raw: unknown): SavedAppSettings {
  const record = looseRecord(raw);
  const limit = (value: unknown, fallback: number) =>
    looseNumber(value, { min: R.userLimit.min, max: R.userLimit.max, step: 1, fallback });
  const membership = looseRecord(record.paidMembershipsSettings);
  const product = looseRecord(record.paidMembershipsProduct);
  const productId = looseText(product.id, 200);
  const supportEmail = looseText(record.supportEmail, 254).trim();
  const mainPage = looseText(record.mainPage, 100);
  return {
    aiModel: looseText(record.aiModel, T.aiModel).trim(),
    modelTemperature: looseNumber(firstOf(record, "modelTemperature", "temperature"), {
      min: R.modelTemperature.min,
      max: R.modelTemperature.max,
      step: R.modelTemperature.step,
      fallback: R.modelTemperature.default,
    }),
    aiQueryMethod: looseEnum(record.aiQueryMethod, AI_QUERY_METHODS, D.aiQueryMethod),
    dailyUserLimit: limit(record.dailyUserLimit, D.dailyUserLimit),
    weeklyUserLimit: limit(record.weeklyUserLimit, D.weeklyUserLimit),
    creditsPerRun: looseNumber(record.creditsPerRun, {
      min: R.creditsPerRun.min,
      max: R.creditsPerRun.max,
      step: 1,
      fallback: R.creditsPerRun.default,
    }),
    userCanEditResults: looseBoolean(record.userCanEditResults),
    isClaimable: looseBoolean(record.isClaimable),
    isToolTemplate: looseBoolean(record.isToolTemplate),
    templateCategory: looseText(record.templateCategory, T.templateCategory),
    templateCategories: looseList(record.templateCategories)
      .map((category) => looseText(category, T.templateCategory).trim())
      .filter((category) => category !== "")
      .slice(0, SAVED_APP_LIMITS.maxTemplateCategories),
    templateImageUrl: looseImage(record.templateImageUrl, T.url),
    templateDescription: looseText(record.templateDescription, T.description),
    mainPage: mainPage === "" ? null : mainPage,
    isAppTemplate: looseBoolean(record.isAppTemplate),
    requireBuilderCollaboratorAccount: looseBoolean(record.requireBuilderCollaboratorAccount),
    isSignupEnabled: looseBoolean(record.isSignupEnabled),
    termsOfServiceLink: looseUrl(record.termsOfServiceLink, T.url),
    privacyPolicyLink: looseUrl(record.privacyPolicyLink, T.url),
    supportEmail: z.email().safeParse(supportEmail).success ? supportEmail : "",
    isPaidMembershipsEnabled: looseBoolean(record.isPaidMembershipsEnabled),
    paidMembershipsSettings: {
      paymentProvider: looseText(membership.paymentProvider, 40),
      hasPaymentProviderAccessToken: looseBoolean(membership.hasPaymentProviderAccessToken),
      isSetupCompleted: looseBoolean(membership.isSetupCompleted),
    },
    paidMembershipsProduct: productId === "" ? null : { id: productId, name: looseText(product.name, 200) },
  };
}

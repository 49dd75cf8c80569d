import { AppError, type FieldMessages, type UpgradeReason } from "@liftoff/domain";

/**
 * A refused save as the one error shape of the platform: 400 VALIDATION_FAILED whose
 * details.fields has one message per path of the saved app ("tools.0.path"), as zod's
 * validation failures do, plus the warnings and, for a plan gate, the upgrade reason the
 * builder's upgrade dialog opens with.
 */
export function savedAppValidationError(result: {
  errors: FieldMessages;
  warnings: FieldMessages;
  upgradeReason?: UpgradeReason;
}): AppError {
  const fields = Object.entries(result.errors).map(([path, message]) => ({ path, message }));
  const first = fields[0];
  return new AppError("VALIDATION_FAILED", first ? first.message : "The app could not be saved", {
    fields,
    warnings: result.warnings,
    ...(result.upgradeReason ? { reason: result.upgradeReason } : {}),
  });
}

import { DEFAULT_SPACE_APP_SETTINGS, type SpaceAppSettings, spaceAppSettingsSchema } from "@liftoff/domain";

/**
 * The space-app settings stored in apps.data, with defaults for anything missing or
 * malformed (apps.data is shared with other settings, so each field is read on its own).
 */
export function readSpaceAppSettings(data: Record<string, unknown>): SpaceAppSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_SPACE_APP_SETTINGS };
  const shape = spaceAppSettingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const parsed = shape[key].safeParse(data[key]);
    if (parsed.success && data[key] !== undefined) settings[key] = parsed.data;
  }
  return settings as SpaceAppSettings;
}

import type { SpaceAppSettings, SpaceAppSettingsResponse } from "@liftoff/domain";
import { toast } from "@liftoff/ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSaveTracker } from "../builder/save-tracker.tsx";
import { spaceAppApi } from "../builder/space-app-api.ts";
import { APP_AUTOSAVE_MS, APP_SAVE_FAILED_MESSAGE, fieldErrorsOf, isSaveable } from "./settings-rules.ts";

export type SettingsSaveState = "idle" | "pending" | "saving" | "saved" | "error";

/**
 * The App settings of a space app, edited locally and saved 2000 ms after the last change
 * (spec section 9). Only the changed fields are sent. While sign-up is on with a required
 * field empty, nothing is sent (the field shows a red border) and the change stays pending.
 */
export function useDebouncedSettings(options: {
  appId: string;
  initial: SpaceAppSettingsResponse;
  onSaved: (response: SpaceAppSettingsResponse) => void;
}) {
  const { appId } = options;
  const { track, setPending } = useSaveTracker();
  const [settings, setSettings] = useState<SpaceAppSettings>(options.initial.appSettings);
  const [changed, setChanged] = useState<ReadonlySet<keyof SpaceAppSettings>>(new Set());
  const [state, setState] = useState<SettingsSaveState>("idle");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const onSavedRef = useRef(options.onSaved);
  onSavedRef.current = options.onSaved;

  const update = useCallback((patch: Partial<SpaceAppSettings>) => {
    setSettings((prev) => ({ ...prev, ...patch }));
    setChanged((prev) => new Set([...prev, ...(Object.keys(patch) as (keyof SpaceAppSettings)[])]));
    setFieldErrors((prev) => {
      const next = { ...prev };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
    setState("pending");
  }, []);

  const save = useCallback(async () => {
    if (changed.size === 0 || !isSaveable(settings)) return;
    const patch = Object.fromEntries(
      [...changed].map((key) => [key, settings[key]]),
    ) as Partial<SpaceAppSettings>;
    setChanged(new Set());
    setState("saving");
    try {
      const response = await track(spaceAppApi.saveSettings(appId, patch));
      onSavedRef.current(response);
      setState("saved");
    } catch (error) {
      setFieldErrors(fieldErrorsOf((error as { details?: unknown }).details));
      // The change stays pending: the next edit (or Retry) sends it again.
      setChanged((prev) => new Set([...prev, ...(Object.keys(patch) as (keyof SpaceAppSettings)[])]));
      setState("error");
      toast.error(APP_SAVE_FAILED_MESSAGE);
    }
  }, [appId, changed, settings, track]);

  useEffect(() => {
    if (changed.size === 0 || state === "error") return;
    const timer = setTimeout(() => void save(), APP_AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [changed, state, save]);

  const pending = changed.size > 0;
  useEffect(() => setPending("app-settings", pending), [pending, setPending]);
  useEffect(() => () => setPending("app-settings", false), [setPending]);

  return { settings, update, state, fieldErrors, retry: save };
}

import {
  AI_QUERY_METHODS,
  type AiQueryMethod,
  APP_FEATURE_LABELS,
  APP_FEATURES,
  aiModelListResponseSchema,
  type FieldMessages,
  SAVED_APP_SETTINGS_RANGES,
  type SavedApp,
  type SavedAppKind,
  type SavedAppSettings,
  SETTINGS_NEED_UPGRADE_MESSAGE,
  SIGNUP_NEEDS_PUBLISH_MESSAGE,
} from "@liftoff/domain";
import {
  Button,
  Field,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
} from "@liftoff/ui";
import { LockIcon, SparklesIcon } from "lucide-react";
import { useState } from "react";
import { api } from "../../lib/api.ts";
import { SettingsSection as Section, ToggleRow } from "../app-settings/settings-section.tsx";
import { useResource } from "../apps/use-resource.ts";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import type { GenBuilderViewer } from "./editor-types.ts";
import { ImageUploadControl } from "./image-upload-control.tsx";
import {
  applySignupDraft,
  parseCreditsPerRun,
  parseUserLimit,
  roundTemperature,
  settingsAccess,
  toggleFeature,
} from "./settings-model.ts";
import { TemplateCategoriesEditor } from "./template-categories-editor.tsx";

const QUERY_METHOD_LABELS: Record<AiQueryMethod, string> = {
  query_context_items: "Answer from matching passages",
  search_similar_item: "Find the closest item first",
};

const FEATURE_DESCRIPTIONS = {
  interactive_followups: "After a result, suggest follow-up prompts that continue the same run.",
  custom_fields: "Add the field values to the instruction sent to the model.",
} as const;

const SIGNUP_FIELDS = [
  {
    key: "termsOfServiceLink",
    label: "Terms of service link",
    type: "url",
    placeholder: "https://example.com/terms",
  },
  {
    key: "privacyPolicyLink",
    label: "Privacy policy link",
    type: "url",
    placeholder: "https://example.com/privacy",
  },
  { key: "supportEmail", label: "Support e-mail", type: "email", placeholder: "support@example.com" },
] as const;

export type GenSettingsPanelProps = {
  appId: string;
  app: SavedApp;
  kind: SavedAppKind;
  onChange: (next: SavedApp) => void;
  viewer: GenBuilderViewer;
  /** From the server: sign-up can be switched on (published, or a custom domain). */
  canEnableSignup: boolean;
  errors: FieldMessages;
};

/**
 * App or Tool settings of a generated app or single tool (spec sections 2, 3, 5 and 6):
 * run limits, built-in features, user sign-up with its required links, and the admin-only
 * model settings. Changes go into the document and the builder's auto-save sends them.
 */
export function GenSettingsPanel(props: GenSettingsPanelProps) {
  const { app, kind, onChange, viewer, errors } = props;
  const upgrade = useUpgradeDialog();
  const access = settingsAccess({ kind, plan: viewer.plan, isAdmin: viewer.isAdmin });
  const settings = app.settings;
  const [wantsSignup, setWantsSignup] = useState(settings.isSignupEnabled);
  const [texts, setTexts] = useState({
    dailyUserLimit: String(settings.dailyUserLimit),
    weeklyUserLimit: String(settings.weeklyUserLimit),
    creditsPerRun: String(settings.creditsPerRun),
  });

  if (!access.canEdit) {
    return (
      <div className="grid gap-4">
        <Section
          title={kind === "tool" ? "Tool settings" : "App settings"}
          description="Run limits, sign-up and the model are part of paid plans."
        >
          <div className="flex flex-col items-start gap-3" data-testid="gen-settings-locked">
            <p className="flex items-center gap-2 text-13 text-muted-foreground">
              <LockIcon className="size-4" aria-hidden />
              {SETTINGS_NEED_UPGRADE_MESSAGE}
            </p>
            <Button onClick={() => upgrade.open("default")} data-testid="gen-settings-upgrade">
              <SparklesIcon />
              Upgrade plan
            </Button>
          </div>
        </Section>
      </div>
    );
  }

  const set = (patch: Partial<SavedAppSettings>) => onChange({ ...app, settings: { ...settings, ...patch } });
  const locked = (key: keyof SavedAppSettings) => access.adminOnly.has(key);
  const error = (key: keyof SavedAppSettings) => errors[`settings.${key}`];
  const signup = applySignupDraft(settings, wantsSignup);
  const missing = new Set(signup.missing);
  const signupBlocked = !props.canEnableSignup && !settings.isSignupEnabled;

  const numberField = (
    key: "dailyUserLimit" | "weeklyUserLimit" | "creditsPerRun",
    label: string,
    hint: string,
    parse: (text: string) => number | null,
  ) => {
    const invalid = parse(texts[key]) === null;
    return (
      <Field label={label} htmlFor={`gen-settings-${key}`} hint={hint} error={invalid ? hint : error(key)}>
        <Input
          id={`gen-settings-${key}`}
          inputMode="numeric"
          value={texts[key]}
          disabled={locked(key)}
          data-testid={`gen-settings-${key}`}
          onChange={(event) => {
            const text = event.target.value;
            setTexts((current) => ({ ...current, [key]: text }));
            const value = parse(text);
            if (value !== null) set({ [key]: value });
          }}
        />
      </Field>
    );
  };

  return (
    <div className="grid gap-4" data-testid="gen-settings-panel">
      <Section
        title="Runs per user"
        description="How often one visitor may run each tool (counted per IP address)."
      >
        <div className="grid gap-3 sm:grid-cols-2">
          {numberField(
            "dailyUserLimit",
            "Daily runs per user",
            "A whole number from 1 to 100",
            parseUserLimit,
          )}
          {numberField(
            "weeklyUserLimit",
            "Weekly runs per user",
            "A whole number from 1 to 100",
            parseUserLimit,
          )}
        </div>
      </Section>

      <Section title="Answer page" description="What end users can do with a result.">
        {APP_FEATURES.map((feature) => (
          <ToggleRow
            key={feature}
            id={`gen-settings-feature-${feature}`}
            label={APP_FEATURE_LABELS[feature]}
            description={FEATURE_DESCRIPTIONS[feature]}
            checked={app.features.includes(feature)}
            onChange={(on) => onChange(toggleFeature(app, feature, on))}
          />
        ))}
        <ToggleRow
          id="gen-settings-userCanEditResults"
          label="User can edit results"
          description={
            locked("userCanEditResults") ? "Set by a platform admin." : "Let end users edit a result block."
          }
          checked={settings.userCanEditResults}
          disabled={locked("userCanEditResults")}
          onChange={(on) => set({ userCanEditResults: on })}
        />
      </Section>

      <Section title="User sign-up" description="Let people create an account in your app.">
        <ToggleRow
          id="gen-settings-signup"
          label="User sign-up"
          description="Visitors sign up and log in; remembered answers need it."
          checked={wantsSignup || settings.isSignupEnabled}
          disabled={signupBlocked && !wantsSignup}
          tooltip={signupBlocked && !wantsSignup ? SIGNUP_NEEDS_PUBLISH_MESSAGE : null}
          onChange={(on) => {
            setWantsSignup(on);
            const next = applySignupDraft(settings, on);
            if (next.settings.isSignupEnabled !== settings.isSignupEnabled) set(next.settings);
          }}
        />
        {error("isSignupEnabled") ? (
          <p className="text-13 text-destructive-text" role="alert">
            {error("isSignupEnabled")}
          </p>
        ) : null}
        {wantsSignup || settings.isSignupEnabled ? (
          <div className="grid gap-3">
            {SIGNUP_FIELDS.map(({ key, label, type, placeholder }) => (
              <Field key={key} label={label} htmlFor={`gen-settings-${key}`} error={error(key)}>
                <Input
                  id={`gen-settings-${key}`}
                  type={type}
                  placeholder={placeholder}
                  required
                  value={settings[key]}
                  aria-invalid={missing.has(key) || Boolean(error(key))}
                  data-testid={`gen-settings-${key}`}
                  onChange={(event) => {
                    const edited = { ...settings, [key]: event.target.value };
                    // Sign-up already on stays on (an emptied link is refused with its message and
                    // a red border); one being switched on goes in once all three are filled.
                    set(settings.isSignupEnabled ? edited : applySignupDraft(edited, wantsSignup).settings);
                  }}
                />
              </Field>
            ))}
            {missing.size > 0 ? (
              <p className="text-xs text-muted-foreground" data-testid="gen-settings-signup-missing">
                Fill in all three fields to turn sign-up on.
              </p>
            ) : null}
          </div>
        ) : null}
      </Section>

      <Section
        title="Model"
        description={viewer.isAdmin ? "How the answer is written." : "Set by a platform admin."}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="AI model"
            htmlFor="gen-settings-aiModel"
            hint="From the configured provider; the default is the platform's own choice."
            error={error("aiModel")}
          >
            <AiModelSelect
              value={settings.aiModel}
              disabled={locked("aiModel")}
              loadModels={viewer.isAdmin}
              onChange={(aiModel) => set({ aiModel })}
            />
          </Field>
          <Field label="AI query method" htmlFor="gen-settings-aiQueryMethod" error={error("aiQueryMethod")}>
            <Select
              value={settings.aiQueryMethod}
              disabled={locked("aiQueryMethod")}
              onValueChange={(value) => set({ aiQueryMethod: value as AiQueryMethod })}
            >
              <SelectTrigger id="gen-settings-aiQueryMethod" aria-label="AI query method">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {AI_QUERY_METHODS.map((method) => (
                  <SelectItem key={method} value={method}>
                    {QUERY_METHOD_LABELS[method]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        </div>
        <Field
          label={`Temperature: ${settings.modelTemperature.toFixed(1)}`}
          htmlFor="gen-settings-temperature"
          hint="Lower is steadier, higher is more inventive (0 to 2)."
          error={error("modelTemperature")}
        >
          <input
            id="gen-settings-temperature"
            type="range"
            min={SAVED_APP_SETTINGS_RANGES.modelTemperature.min}
            max={SAVED_APP_SETTINGS_RANGES.modelTemperature.max}
            step={SAVED_APP_SETTINGS_RANGES.modelTemperature.step}
            value={settings.modelTemperature}
            disabled={locked("modelTemperature")}
            className="h-2 w-full cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-60"
            onChange={(event) => set({ modelTemperature: roundTemperature(Number(event.target.value)) })}
          />
        </Field>
        {numberField("creditsPerRun", "Credits per run", "A whole number from 0 to 20", parseCreditsPerRun)}
      </Section>

      {viewer.isAdmin ? (
        <Section title="Admin" description="Visible to platform admins only.">
          <ToggleRow
            id="gen-settings-tool-template"
            label="Tool template"
            description="List this app in the tool-template library."
            checked={settings.isToolTemplate}
            onChange={(on) => set({ isToolTemplate: on })}
          />
          {settings.isToolTemplate ? (
            <div className="grid gap-3 border-t border-border pt-3" data-testid="gen-settings-template">
              <TemplateCategoriesEditor
                categories={settings.templateCategories}
                category={settings.templateCategory}
                error={error("templateCategory") ?? errors["settings.templateCategories.0"]}
                onChange={(next) => set(next)}
              />
              <Field
                label="Template description"
                htmlFor="gen-settings-template-description"
                error={error("templateDescription")}
              >
                <Textarea
                  id="gen-settings-template-description"
                  rows={2}
                  value={settings.templateDescription}
                  onChange={(event) => set({ templateDescription: event.target.value })}
                />
              </Field>
              <ImageUploadControl
                appId={props.appId}
                label="Template thumbnail"
                value={settings.templateImageUrl}
                onChange={(templateImageUrl) => set({ templateImageUrl })}
              />
            </div>
          ) : null}
          <ToggleRow
            id="gen-settings-claim"
            label="App claim"
            description="Let a customer claim this app as their own."
            checked={settings.isClaimable}
            onChange={(on) => set({ isClaimable: on })}
          />
        </Section>
      ) : null}
    </div>
  );
}

const DEFAULT_MODEL = "__default";

/**
 * The AI model dropdown (spec section 7: the model list fills it): the configured provider's
 * models for admins, who alone may change it; others see the value. A stored model the list
 * no longer has stays as an option, so opening the panel never changes it.
 */
function AiModelSelect(props: {
  value: string;
  disabled: boolean;
  loadModels: boolean;
  onChange: (value: string) => void;
}) {
  const models = useResource(`ai-models:${props.loadModels}`, async () =>
    props.loadModels ? (await api.get("/api/admin/ai-models", aiModelListResponseSchema)).models : [],
  );
  const list = models.status === "success" ? models.data : [];
  const options =
    props.value && !list.some((model) => model.id === props.value)
      ? [{ id: props.value, name: props.value }, ...list]
      : list;
  return (
    <Select
      value={props.value === "" ? DEFAULT_MODEL : props.value}
      disabled={props.disabled}
      onValueChange={(value) => props.onChange(value === DEFAULT_MODEL ? "" : value)}
    >
      <SelectTrigger id="gen-settings-aiModel" aria-label="AI model" data-testid="gen-settings-aiModel">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={DEFAULT_MODEL}>Default model</SelectItem>
        {options.map((model) => (
          <SelectItem key={model.id} value={model.id}>
            {model.name || model.id}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

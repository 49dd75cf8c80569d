import type { AppSummary, PlanId, SpaceAppSettingsResponse } from "@liftoff/domain";
import {
  Button,
  EmptyState,
  Field,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
} from "@liftoff/ui";
import { CircleAlertIcon, RefreshCwIcon } from "lucide-react";
import { useResource } from "../apps/use-resource.ts";
import { spaceAppApi } from "../builder/space-app-api.ts";
import { CustomDomainSection } from "./custom-domain-section.tsx";
import {
  canEnableSignup,
  MAIN_PAGE_PLACEHOLDER,
  missingSignupFields,
  NO_PAGES_MESSAGE,
  SIGNUP_DISABLED_TOOLTIP,
  type SignupField,
} from "./settings-rules.ts";
import { SettingsSection as Section, ToggleRow } from "./settings-section.tsx";
import { type SettingsSaveState, useDebouncedSettings } from "./use-debounced-settings.ts";

export type AppSettingsPanelProps = {
  app: AppSummary;
  plan: PlanId | null;
  /** Platform admin: sees the App Template and App claim toggles. */
  isPlatformAdmin: boolean;
  onSummary: (summary: AppSummary) => void;
  onSettings: (response: SpaceAppSettingsResponse) => void;
};

/** App settings of a space app (spec section 2): main page, user sign-up, custom domain, admin flags. */
export function AppSettingsPanel(props: AppSettingsPanelProps) {
  const settings = useResource(`app-settings:${props.app.id}`, () => spaceAppApi.settings(props.app.id));
  if (settings.status === "loading") {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-52 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  if (settings.status === "error") {
    return (
      <EmptyState
        icon={CircleAlertIcon}
        title="Couldn't load the app settings"
        description="Check your connection and try again."
        action={
          <Button variant="outline" onClick={settings.reload}>
            <RefreshCwIcon />
            Try again
          </Button>
        }
      />
    );
  }
  return <LoadedSettings {...props} initial={settings.data} />;
}

const SIGNUP_FIELDS: { field: SignupField; label: string; placeholder: string; type: string }[] = [
  {
    field: "termsOfServiceLink",
    label: "Terms of service link",
    placeholder: "https://example.com/terms",
    type: "url",
  },
  {
    field: "privacyPolicyLink",
    label: "Privacy policy link",
    placeholder: "https://example.com/privacy",
    type: "url",
  },
  { field: "supportEmail", label: "Support e-mail", placeholder: "support@example.com", type: "email" },
];

const STATE_TEXT: Record<SettingsSaveState, string> = {
  idle: "",
  pending: "Unsaved changes",
  saving: "Saving…",
  saved: "All changes saved",
  error: "Not saved",
};

function LoadedSettings({
  app,
  plan,
  isPlatformAdmin,
  onSummary,
  onSettings,
  initial,
}: AppSettingsPanelProps & { initial: SpaceAppSettingsResponse }) {
  const { settings, update, state, fieldErrors, retry } = useDebouncedSettings({
    appId: app.id,
    initial,
    onSaved: onSettings,
  });
  const pages = initial.pages;
  const signupAllowed = canEnableSignup({
    published: app.status === "published",
    customHost: app.customHost,
  });
  const missing = new Set(missingSignupFields(settings));

  return (
    <div className="grid gap-4" data-testid="app-settings-panel">
      <p
        className="-mt-1 flex items-center gap-2 text-xs text-muted-foreground"
        role="status"
        data-testid="settings-save-state"
        data-state={state}
      >
        {STATE_TEXT[state]}
        {state === "error" ? (
          <Button variant="link" size="sm" className="h-auto text-xs" onClick={() => void retry()}>
            Try again
          </Button>
        ) : null}
      </p>

      <Section title="Main page" description="The page visitors see first.">
        <Field htmlFor="settings-main-page" error={fieldErrors.mainPage}>
          <Select
            value={settings.mainPage ?? undefined}
            onValueChange={(value) => update({ mainPage: value })}
            disabled={pages.length === 0}
          >
            <SelectTrigger id="settings-main-page" aria-label="Main page" data-testid="settings-main-page">
              <SelectValue placeholder={pages.length === 0 ? NO_PAGES_MESSAGE : MAIN_PAGE_PLACEHOLDER} />
            </SelectTrigger>
            <SelectContent>
              {pages.map((page) => (
                <SelectItem key={page} value={page}>
                  {page}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </Section>

      <Section title="User sign-up" description="Let people create an account in your app.">
        <ToggleRow
          id="settings-signup"
          label="User sign-up"
          description="Visitors sign up and log in on your app's own login page."
          checked={settings.isSignupEnabled}
          disabled={!signupAllowed && !settings.isSignupEnabled}
          tooltip={!signupAllowed && !settings.isSignupEnabled ? SIGNUP_DISABLED_TOOLTIP : null}
          onChange={(checked) => update({ isSignupEnabled: checked })}
        />
        {fieldErrors.isSignupEnabled ? (
          <p className="text-13 text-destructive-text" role="alert">
            {fieldErrors.isSignupEnabled}
          </p>
        ) : null}
        {settings.isSignupEnabled ? (
          <div className="grid gap-3">
            {SIGNUP_FIELDS.map(({ field, label, placeholder, type }) => (
              <Field key={field} label={label} htmlFor={`settings-${field}`} error={fieldErrors[field]}>
                <Input
                  id={`settings-${field}`}
                  type={type}
                  placeholder={placeholder}
                  value={settings[field]}
                  aria-invalid={missing.has(field) || Boolean(fieldErrors[field])}
                  required
                  onChange={(event) => update({ [field]: event.target.value })}
                  data-testid={`settings-${field}`}
                />
              </Field>
            ))}
            {missing.size > 0 ? (
              <p className="text-xs text-muted-foreground">Fill in all three fields to save sign-up.</p>
            ) : null}
          </div>
        ) : null}
      </Section>

      <Section title="Domain" description="Where your published app lives besides its Liftoff link.">
        <CustomDomainSection app={app} plan={plan} onSummary={onSummary} />
      </Section>

      {isPlatformAdmin ? (
        <Section title="Admin" description="Visible to platform admins only.">
          <ToggleRow
            id="settings-app-template"
            label="App Template"
            description="List this app on the templates page."
            checked={settings.isAppTemplate}
            onChange={(checked) => update({ isAppTemplate: checked })}
          />
          <ToggleRow
            id="settings-app-claim"
            label="App claim"
            description="Let a customer claim this app as their own."
            checked={settings.isClaimable}
            onChange={(checked) => update({ isClaimable: checked })}
          />
        </Section>
      ) : null}
    </div>
  );
}

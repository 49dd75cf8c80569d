import {
  type AppStyle,
  canHideWatermark,
  GENERATED_APP_MESSAGES,
  isHexColor,
  STYLE_NAMES,
  type StyleName,
} from "@liftoff/domain";
import { Button, cn, Input, Label, Switch } from "@liftoff/ui";
import { LockIcon, RotateCcwIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  colorInputValue,
  effectiveStyleColor,
  STYLE_COLORS,
  type StyleColorField,
} from "../../lib/tool-app-theme.ts";
import { SettingsSection as Section } from "../app-settings/settings-section.tsx";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import type { AppEditorProps } from "./editor-types.ts";
import { ImageUploadControl } from "./image-upload-control.tsx";

const STYLE_LABELS: Record<StyleName, string> = { dark: "Dark", colorful: "Colorful", light: "Light" };

const TEXT_COLORS: { field: StyleColorField; label: string }[] = [
  { field: "headerTextColor", label: "Header text" },
  { field: "subheaderTextColor", label: "Subheader text" },
  { field: "buttonTextColor", label: "Button text" },
  { field: "buttonBackgroundColor", label: "Button background" },
];

/**
 * The App branding panel (spec sections 2, 3 "Style" and 6): the look, background colour
 * or image, logo, text and button colours, and hiding the watermark where the plan allows
 * it. It never saves: every edit goes to `onChange` with the whole next app, and the
 * builder's auto-save sends it. The tool page preview (ToolPagePreview) sits beside it.
 */
export function BrandingPanel({ appId, app, onChange, viewer, errors, warnings }: AppEditorProps) {
  const upgrade = useUpgradeDialog();
  const style = app.style;
  const update = (patch: Partial<AppStyle>) => onChange({ ...app, style: { ...style, ...patch } });
  const messageOf = (field: keyof AppStyle) => errors[`style.${field}`] ?? warnings[`style.${field}`];
  const mayHideWatermark = canHideWatermark(viewer.plan);

  return (
    <div className="grid gap-4" data-testid="branding-panel">
      <Section title="Style" description="The look of your app's pages.">
        <StylePicker value={style.styleName} onChange={(styleName) => update({ styleName })} />
      </Section>

      <Section title="Background" description="A colour, and an image drawn over it.">
        <ColorRow
          id="branding-background"
          label="Background colour"
          value={style.background}
          fallback={effectiveStyleColor({ ...style, background: "" }, "background")}
          error={messageOf("background")}
          onChange={(background) => update({ background })}
        />
        <ImageUploadControl
          appId={appId}
          label="Background image"
          hint="Covers the page behind your tool."
          value={style.backgroundImage}
          onChange={(backgroundImage) => update({ backgroundImage })}
        />
        <FieldMessage message={messageOf("backgroundImage")} />
      </Section>

      <Section title="Logo" description="Shown above your tool's header.">
        <ImageUploadControl
          appId={appId}
          label="Logo"
          value={style.logoUrl}
          onChange={(logoUrl) => update({ logoUrl })}
        />
        <FieldMessage message={messageOf("logoUrl")} />
      </Section>

      <Section title="Colours" description="Leave a colour empty to use the style's own.">
        {TEXT_COLORS.map(({ field, label }) => (
          <ColorRow
            key={field}
            id={`branding-${field}`}
            label={label}
            value={style[field]}
            fallback={effectiveStyleColor({ ...style, [field]: "" }, field)}
            error={messageOf(field)}
            onChange={(color) => update({ [field]: color })}
          />
        ))}
      </Section>

      <Section title="Watermark">
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-0.5">
            <Label htmlFor="branding-watermark">Hide the watermark</Label>
            <p className="text-13 text-muted-foreground" id="branding-watermark-hint">
              {mayHideWatermark ? (
                "Remove “Made with Liftoff” from your app's pages."
              ) : (
                <span className="inline-flex items-center gap-1">
                  <LockIcon className="size-3.5" aria-hidden />
                  {GENERATED_APP_MESSAGES.watermarkNeedsUpgrade}
                </span>
              )}
            </p>
          </div>
          <Switch
            id="branding-watermark"
            aria-describedby="branding-watermark-hint"
            checked={style.isWatermarkHidden}
            onCheckedChange={(checked) => {
              // Turning it off is always allowed; on needs a plan that includes it (spec section 6).
              if (checked && !mayHideWatermark) {
                upgrade.open("watermark");
                return;
              }
              update({ isWatermarkHidden: checked });
            }}
            data-testid="branding-watermark"
          />
        </div>
        <FieldMessage message={messageOf("isWatermarkHidden")} />
      </Section>
    </div>
  );
}

function FieldMessage({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-13 leading-5 text-destructive-text">
      {message}
    </p>
  ) : null;
}

/** The three styles as radio cards with their own colours: arrow keys move between them. */
function StylePicker({ value, onChange }: { value: StyleName; onChange: (value: StyleName) => void }) {
  const name = useId();
  return (
    <fieldset className="grid grid-cols-3 gap-2">
      <legend className="sr-only">Style</legend>
      {STYLE_NAMES.map((styleName) => {
        const colors = STYLE_COLORS[styleName];
        const checked = value === styleName;
        return (
          <label
            key={styleName}
            className={cn(
              "grid cursor-pointer gap-2 rounded-xl border p-2 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
              checked ? "border-primary bg-brand-50" : "border-border hover:bg-neutral-50",
            )}
            data-testid={`branding-style-${styleName}`}
          >
            <input
              type="radio"
              name={name}
              value={styleName}
              checked={checked}
              onChange={() => onChange(styleName)}
              className="sr-only"
            />
            <span
              aria-hidden
              className="grid h-12 place-items-center gap-1 rounded-lg border p-1.5"
              style={{ backgroundColor: colors.background, borderColor: colors.surfaceBorder }}
            >
              <span className="h-1.5 w-3/4 rounded-full" style={{ backgroundColor: colors.headerText }} />
              <span className="h-2.5 w-1/2 rounded" style={{ backgroundColor: colors.buttonBackground }} />
            </span>
            <span className="text-center text-13 font-medium">{STYLE_LABELS[styleName]}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** Accepts "#abc", "abc", "#aabbcc"… as typed; anything else is left for the builder to fix. */
function normalizeHex(text: string): string {
  const trimmed = text.trim();
  return /^[0-9a-fA-F]{3,8}$/.test(trimmed) ? `#${trimmed}` : trimmed;
}

/**
 * A colour: the native picker and its hex text side by side, "" meaning the style's own
 * (shown in the picker as `fallback`), with a reset back to it.
 */
function ColorRow({
  id,
  label,
  value,
  fallback,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  fallback: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [draftError, setDraftError] = useState<string | null>(null);

  // An outside change (picker, reset, another panel) replaces what is typed.
  useEffect(() => {
    setDraft(value);
    setDraftError(null);
  }, [value]);

  function type(text: string) {
    setDraft(text);
    const hex = normalizeHex(text);
    if (hex === "" || isHexColor(hex)) {
      setDraftError(null);
      if (hex !== value) onChange(hex);
    }
  }

  function blur() {
    const hex = normalizeHex(draft);
    setDraftError(hex === "" || isHexColor(hex) ? null : GENERATED_APP_MESSAGES.colorInvalid);
  }

  const shownError = draftError ?? error;
  const noteId = `${id}-note`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: pick a colour`}
          value={colorInputValue(value === "" ? fallback : value)}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-11 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
          data-testid={`${id}-picker`}
        />
        <Input
          id={id}
          value={draft}
          placeholder={fallback}
          maxLength={9}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={noteId}
          onChange={(event) => type(event.target.value)}
          onBlur={blur}
          className="min-w-0 flex-1 font-mono"
          data-testid={id}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Reset ${label.toLowerCase()} to the style's own`}
          disabled={value === ""}
          onClick={() => onChange("")}
          data-testid={`${id}-reset`}
        >
          <RotateCcwIcon />
        </Button>
      </div>
      {shownError ? (
        <p id={noteId} role="alert" className="text-13 leading-5 text-destructive-text">
          {shownError}
        </p>
      ) : (
        <p id={noteId} className="text-13 leading-5 text-muted-foreground">
          {value === "" ? `The style's own (${fallback})` : "Custom colour"}
        </p>
      )}
    </div>
  );
}

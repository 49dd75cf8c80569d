import type { CustomField, SavedApp, Tool } from "@liftoff/domain";
import { SegmentedControl } from "@liftoff/ui";
import { CameraIcon, MonitorIcon, SmartphoneIcon, TabletIcon } from "lucide-react";
import { type CSSProperties, type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";
import { cssUrl, type PreviewTheme, resolvePreviewTheme } from "../../lib/tool-app-theme.ts";
import { PREVIEW_VIEWPORTS, type PreviewViewport, previewFrameLayout } from "./preview-viewport.ts";

export type ToolPagePreviewProps = {
  app: SavedApp;
  /** The tool whose page is shown; null shows the app's own header and description. */
  tool: Tool | null;
};

/** Space around a tablet or mobile frame, so its outline and shadow show. */
const FRAME_GUTTER = 12;

const VIEWPORT_ICONS = { desktop: MonitorIcon, tablet: TabletIcon, mobile: SmartphoneIcon } as const;

/** The preview area's width, followed as the panel or window resizes. */
function useAvailableWidth() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A live preview of the end user's tool page in the app's style (spec sections 2 and 3):
 * logo, header, description, the tool's inputs as disabled controls, the button in the
 * chosen colours and the background colour or image, at desktop, tablet or mobile size.
 * Plain React drawn from the saved app, not an iframe: it re-renders with every edit and
 * runs nothing the builder typed. Tablet and mobile keep their CSS width (the page's
 * container queries see 768 or 375 px) and are scaled down to fit the area.
 */
export function ToolPagePreview({ app, tool }: ToolPagePreviewProps) {
  const [viewport, setViewport] = useState<PreviewViewport>("desktop");
  const area = useAvailableWidth();
  const layout = previewFrameLayout({ viewport, availableWidth: area.width, gutter: FRAME_GUTTER });
  const theme = resolvePreviewTheme(app.style);

  return (
    <section
      aria-label="Tool page preview"
      // Fills the builder's preview column, so the desktop page is as tall as the screen allows.
      className="flex h-full min-h-0 min-w-0 flex-col gap-3"
      data-testid="tool-page-preview"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Preview</h3>
        <SegmentedControl
          ariaLabel="Preview viewport"
          size="sm"
          value={viewport}
          onChange={setViewport}
          options={PREVIEW_VIEWPORTS.map((item) => {
            const Icon = VIEWPORT_ICONS[item.id];
            return {
              value: item.id,
              label: (
                <>
                  <Icon className="size-4" aria-hidden />
                  <span className="sr-only sm:not-sr-only">{item.label}</span>
                </>
              ),
            };
          })}
        />
      </div>
      <div
        ref={area.ref}
        // Scrolls down for a tall frame; never sideways, since the frame is scaled to the width.
        // The scrollbar's room is kept always, so its coming and going cannot change the scale.
        className="relative flex min-h-[480px] min-w-0 flex-1 justify-center overflow-x-hidden overflow-y-auto rounded-xl bg-neutral-100 [scrollbar-gutter:stable]"
        data-testid="tool-page-preview-area"
        data-viewport={viewport}
        data-scale={layout?.scale ?? 1}
      >
        {layout ? (
          <div
            className="relative shrink-0"
            style={{ width: layout.boxWidth, height: layout.boxHeight, margin: FRAME_GUTTER }}
          >
            <div
              // A ring, not a border: a border would take 2 px off the width the page sees.
              className="absolute top-0 left-0 origin-top-left overflow-hidden rounded-xl shadow-lg ring-1 ring-border"
              style={{ width: layout.width, height: layout.height, transform: `scale(${layout.scale})` }}
            >
              <ToolPage app={app} tool={tool} theme={theme} />
            </div>
          </div>
        ) : (
          <div className="absolute inset-0">
            <ToolPage app={app} tool={tool} theme={theme} />
          </div>
        )}
      </div>
    </section>
  );
}

/** The page itself, as an end user would see it (without running anything). */
function ToolPage({ app, tool, theme }: { app: SavedApp; tool: Tool | null; theme: PreviewTheme }) {
  const header = (tool?.title || app.header).trim() || "Your tool's header";
  const description = (tool?.description || app.description).trim();
  const steps = tool?.isMultiStepInput ? tool.inputSteps : [];
  const firstStep = steps[0] ?? null;
  // A multi-step form shows its first step; fields without a step belong to it.
  const fields = (tool?.fields ?? []).filter(
    (field) => !firstStep || field.stepId === null || field.stepId === firstStep.id,
  );
  const background: CSSProperties = {
    backgroundColor: theme.background,
    ...(theme.backgroundImage
      ? {
          backgroundImage: cssUrl(theme.backgroundImage),
          backgroundSize: "cover",
          backgroundPosition: "center",
        }
      : {}),
  };

  return (
    // Focusable: a scrollable region must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable).
    <div
      className="@container size-full overflow-y-auto focus-ring-inset"
      style={background}
      data-testid="tool-page"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the preview.
      tabIndex={0}
      role="region"
      aria-label="Tool page preview content"
    >
      <div className="mx-auto flex min-h-full max-w-2xl flex-col gap-6 px-4 py-8 @2xl:px-8 @2xl:py-12">
        <header className="flex flex-col items-center gap-3 text-center">
          {theme.logoUrl ? (
            <img
              src={theme.logoUrl}
              alt="App logo"
              referrerPolicy="no-referrer"
              className="max-h-14 max-w-40 object-contain"
            />
          ) : null}
          <h1
            className="text-2xl font-bold leading-tight tracking-tight @2xl:text-3xl"
            style={{ color: theme.headerText }}
          >
            {header}
          </h1>
          {description ? (
            <p
              className="text-sm leading-6 whitespace-pre-line @2xl:text-base"
              style={{ color: theme.subheaderText }}
            >
              {description}
            </p>
          ) : null}
        </header>

        {tool === null && app.tools.length > 0 ? (
          <ToolCards app={app} theme={theme} />
        ) : (
          <div
            className="grid gap-4 rounded-2xl border p-4 shadow-sm @2xl:p-6"
            style={{ backgroundColor: theme.surface, borderColor: theme.surfaceBorder }}
          >
            {firstStep ? (
              <p
                className="text-xs font-medium uppercase tracking-wide"
                style={{ color: theme.subheaderText }}
              >
                Step 1 of {steps.length}
                {firstStep.title ? `: ${firstStep.title}` : ""}
              </p>
            ) : null}
            {fields.map((field, index) => (
              // Names may clash while a field is being renamed; the place keeps keys unique.
              <PreviewField key={`${index}-${field.name}`} field={field} theme={theme} />
            ))}
            {tool && !tool.isInputHidden ? <MainInput tool={tool} theme={theme} /> : null}
            <button
              type="button"
              disabled
              className="h-11 w-full rounded-lg px-5 text-sm font-semibold disabled:cursor-default"
              style={{ backgroundColor: theme.buttonBackground, color: theme.buttonText }}
              data-testid="tool-page-button"
            >
              {firstStep && steps.length > 1 ? "Next" : "Generate"}
            </button>
          </div>
        )}

        {app.style.isWatermarkHidden ? null : (
          <p className="mt-auto text-center text-xs" style={{ color: theme.subheaderText }}>
            Made with Liftoff
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * A generated app's own page: its tools as cards (end users see the active ones; the
 * builder's preview marks drafts so the list matches the tools panel).
 */
function ToolCards({ app, theme }: { app: SavedApp; theme: PreviewTheme }) {
  return (
    <ul className="grid gap-3 @xl:grid-cols-2" aria-label="Tools" data-testid="tool-page-cards">
      {app.tools.map((item) => (
        <li
          key={item.toolId}
          className="grid gap-1 rounded-2xl border p-4 shadow-sm"
          style={{ backgroundColor: theme.surface, borderColor: theme.surfaceBorder }}
        >
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-sm font-semibold" style={{ color: theme.headerText }}>
              {item.title.trim() || "Untitled tool"}
            </span>
            {item.status === "draft" ? (
              <span
                className="shrink-0 rounded-full border px-2 py-0.5 text-[11px]"
                style={{ borderColor: theme.inputBorder, color: theme.subheaderText }}
              >
                Draft
              </span>
            ) : null}
          </span>
          {item.description ? (
            <span className="line-clamp-2 text-13" style={{ color: theme.subheaderText }}>
              {item.description}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const controlClasses = "w-full rounded-lg border px-3 text-sm disabled:cursor-default disabled:opacity-100";

function controlStyle(theme: PreviewTheme): CSSProperties {
  return { backgroundColor: theme.inputBackground, borderColor: theme.inputBorder, color: theme.inputText };
}

/** The tool's own free-text input ([input] in the instructions), unless hidden. */
function MainInput({ tool, theme }: { tool: Tool; theme: PreviewTheme }) {
  const id = useId();
  const label = tool.inputLabel.trim() || "Your input";
  if (tool.isInputCollapsed) {
    return (
      <p className="text-sm font-medium underline underline-offset-4" style={{ color: theme.labelText }}>
        {label}
      </p>
    );
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium" style={{ color: theme.labelText }}>
        {label}
      </label>
      <textarea
        id={id}
        disabled
        rows={3}
        placeholder={tool.inputPlaceholder}
        className={`${controlClasses} resize-none py-2`}
        style={controlStyle(theme)}
      />
      {tool.examples.length > 0 ? (
        <div className="flex flex-wrap gap-1.5">
          {tool.examples.map((example, index) => (
            <span
              // Examples may repeat while being typed; their place is their identity.
              key={index}
              className="max-w-full truncate rounded-full border px-2.5 py-0.5 text-xs"
              style={{ borderColor: theme.inputBorder, color: theme.inputText }}
            >
              {example}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** One custom field as its end user sees it, disabled. */
function PreviewField({ field, theme }: { field: CustomField; theme: PreviewTheme }) {
  const id = useId();
  const label = `${field.label || field.name}${field.required ? " *" : ""}`;
  const labelNode = (
    <label htmlFor={id} className="text-sm font-medium" style={{ color: theme.labelText }}>
      {label}
    </label>
  );
  const style = controlStyle(theme);
  let control: ReactNode;
  switch (field.type) {
    case "long_text":
      control = (
        <textarea id={id} disabled rows={3} className={`${controlClasses} resize-none py-2`} style={style} />
      );
      break;
    case "select":
    case "tool_item_select":
      control = (
        <select id={id} disabled className={`${controlClasses} h-10`} style={style}>
          <option>{field.options[0]?.label || "Select an option"}</option>
        </select>
      );
      break;
    case "multiselect":
      return (
        <fieldset className="grid gap-1.5" disabled>
          <legend className="mb-1.5 text-sm font-medium" style={{ color: theme.labelText }}>
            {label}
          </legend>
          <div className="flex flex-wrap gap-1.5">
            {field.options.map((option, index) => (
              <label
                // Options may repeat while being edited; their place is their identity.
                key={index}
                className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs"
                style={style}
              >
                <input type="checkbox" disabled className="size-3" />
                {option.label || "Option"}
              </label>
            ))}
          </div>
        </fieldset>
      );
    case "photo":
      control = (
        <button
          id={id}
          type="button"
          disabled
          className={`${controlClasses} flex h-20 items-center justify-center gap-2 border-dashed`}
          style={style}
        >
          <CameraIcon className="size-4" aria-hidden />
          Upload a photo
        </button>
      );
      break;
    default:
      control = (
        <input
          id={id}
          disabled
          type={field.type === "email" ? "email" : "text"}
          placeholder={FIELD_PLACEHOLDERS[field.type] ?? ""}
          className={`${controlClasses} h-10`}
          style={style}
        />
      );
  }
  return (
    <div className="grid gap-1.5">
      {labelNode}
      {control}
    </div>
  );
}

const FIELD_PLACEHOLDERS: Partial<Record<CustomField["type"], string>> = {
  email: "name@example.com",
  place: "City or address",
  height: "Height",
  weight: "Weight",
};

import {
  type AppDetails,
  type AppSummary,
  type UpdateAppDetailsBody,
  updateAppDetailsBodySchema,
} from "@liftoff/domain";
import {
  Button,
  Card,
  cn,
  EmptyState,
  Field,
  Input,
  Popover,
  PopoverContent,
  PopoverTrigger,
  Skeleton,
  Textarea,
  toast,
} from "@liftoff/ui";
import { CircleAlertIcon, RefreshCwIcon } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { fieldErrorsOf } from "../app-settings/settings-rules.ts";
import { useResource } from "../apps/use-resource.ts";
import { useSaveTracker } from "../builder/save-tracker.tsx";
import { spaceAppApi } from "../builder/space-app-api.ts";
import { AppIcon } from "./app-icon.tsx";
import { APP_ICON_NAMES } from "./app-icons.ts";

export type AppDetailsPanelProps = {
  app: AppSummary;
  onSaved: (details: AppDetails) => void;
};

/** App details of a space app (spec section 2): name, slug, description and icon. */
export function AppDetailsPanel({ app, onSaved }: AppDetailsPanelProps) {
  const details = useResource(`app-details:${app.id}`, () => spaceAppApi.details(app.id));
  if (details.status === "loading") {
    return (
      <Card className="grid gap-4 p-4" aria-busy="true">
        <Skeleton className="size-14 rounded-xl" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-24" />
      </Card>
    );
  }
  if (details.status === "error") {
    return (
      <EmptyState
        icon={CircleAlertIcon}
        title="Couldn't load the app details"
        description={errorMessage(details.error)}
        action={
          <Button variant="outline" onClick={details.reload}>
            <RefreshCwIcon />
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <DetailsForm
      app={app}
      initial={details.data}
      onSaved={(next) => {
        details.setData(() => next);
        onSaved(next);
      }}
    />
  );
}

type Form = { name: string; slug: string; description: string; icon: string | null };

function DetailsForm({
  app,
  initial,
  onSaved,
}: {
  app: AppSummary;
  initial: AppDetails;
  onSaved: (d: AppDetails) => void;
}) {
  const { track, setPending } = useSaveTracker();
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [iconOpen, setIconOpen] = useState(false);
  const dirty =
    form.name !== initial.name ||
    form.slug !== initial.slug ||
    form.description !== initial.description ||
    form.icon !== initial.icon;

  useEffect(() => setPending("app-details", dirty), [dirty, setPending]);
  useEffect(() => () => setPending("app-details", false), [setPending]);

  const change = (patch: Partial<Form>) => {
    setForm((prev) => ({ ...prev, ...patch }));
    setErrors((prev) => {
      const next = { ...prev };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateAppDetailsBodySchema.safeParse(form);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      const body: UpdateAppDetailsBody = parsed.data;
      const saved = await track(spaceAppApi.saveDetails(app.id, body));
      setForm(saved);
      onSaved(saved);
      toast.success("App details saved");
    } catch (error) {
      const fields = fieldErrorsOf((error as { details?: unknown }).details);
      setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="p-4" data-testid="app-details-panel">
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="flex items-center gap-3">
          <Popover open={iconOpen} onOpenChange={setIconOpen}>
            <PopoverTrigger asChild>
              <button
                type="button"
                aria-label="Choose icon"
                data-testid="app-details-icon"
                className="flex size-14 shrink-0 items-center justify-center rounded-xl border border-brand-100 bg-brand-50 text-2xl transition-colors hover:bg-accent"
              >
                <AppIcon icon={form.icon} className="size-6 text-brand-700" />
              </button>
            </PopoverTrigger>
            <PopoverContent align="start" className="w-auto p-2" aria-label="Choose icon">
              <div className="grid grid-cols-6 gap-1" role="listbox" aria-label="Icons">
                {APP_ICON_NAMES.map((icon) => (
                  <button
                    key={icon}
                    type="button"
                    role="option"
                    aria-selected={form.icon === icon}
                    aria-label={icon.replace(/-/g, " ")}
                    onClick={() => {
                      change({ icon });
                      setIconOpen(false);
                    }}
                    className={cn(
                      "flex size-9 items-center justify-center rounded-md text-foreground hover:bg-accent",
                      form.icon === icon && "bg-brand-50 ring-1 ring-brand-300",
                    )}
                  >
                    <AppIcon icon={icon} className="size-4.5" />
                  </button>
                ))}
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="mt-1 w-full"
                onClick={() => {
                  change({ icon: null });
                  setIconOpen(false);
                }}
              >
                No icon
              </Button>
            </PopoverContent>
          </Popover>
          <div className="min-w-0">
            <p className="text-sm font-medium">App icon</p>
            <p className="text-13 text-muted-foreground">Shown on your apps list and the browser tab.</p>
          </div>
        </div>
        <Field label="Name" htmlFor="app-details-name" error={errors.name}>
          <Input
            id="app-details-name"
            value={form.name}
            onChange={(e) => change({ name: e.target.value })}
            data-testid="app-details-name"
          />
        </Field>
        <Field
          label="Slug"
          htmlFor="app-details-slug"
          error={errors.slug}
          hint={`Public link: ${window.location.origin}/app/${form.slug || "…"}`}
        >
          <Input
            id="app-details-slug"
            value={form.slug}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => change({ slug: e.target.value.toLowerCase() })}
            data-testid="app-details-slug"
          />
        </Field>
        <Field label="Description" htmlFor="app-details-description" error={errors.description}>
          <Textarea
            id="app-details-description"
            rows={3}
            value={form.description}
            placeholder="What does this app do?"
            onChange={(e) => change({ description: e.target.value })}
          />
        </Field>
        {errors.form ? (
          <p className="text-13 text-destructive-text" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" disabled={!dirty || busy} onClick={() => setForm(initial)}>
            Reset
          </Button>
          <Button type="submit" disabled={!dirty || busy} data-testid="app-details-save">
            {busy ? "Saving…" : "Save details"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

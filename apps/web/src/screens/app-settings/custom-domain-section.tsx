import { AppError, type AppSummary, canUseCustomDomain, type PlanId } from "@liftoff/domain";
import { Button, Field, Input } from "@liftoff/ui";
import { GlobeIcon, SparklesIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { useSaveTracker } from "../builder/save-tracker.tsx";
import { spaceAppApi } from "../builder/space-app-api.ts";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";

/** Custom domain of a space app: Business plan and above (spec section 6, kept up the ladder); others see the upgrade. */
export function CustomDomainSection({
  app,
  plan,
  onSummary,
}: {
  app: AppSummary;
  plan: PlanId | null;
  onSummary: (summary: AppSummary) => void;
}) {
  const upgrade = useUpgradeDialog();
  const { track } = useSaveTracker();
  const allowed = canUseCustomDomain(plan);
  const [host, setHost] = useState(app.customHost ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = app.customHost ?? "";
  const changed = host.trim().toLowerCase() !== saved;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!allowed) {
      upgrade.open("custom_domain");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const value = host.trim().toLowerCase();
      const summary = await track(spaceAppApi.setDomain(app.id, value === "" ? null : value));
      setHost(summary.customHost ?? "");
      onSummary(summary);
    } catch (err) {
      if (err instanceof AppError && err.code === "PLAN_LIMIT") upgrade.open("custom_domain");
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <Field
        label="Custom domain"
        htmlFor="app-custom-domain"
        error={error}
        hint={
          allowed
            ? "Point a CNAME record of this domain to this server, then save. Leave empty to remove it."
            : "Custom domains come with the Business plan and above."
        }
      >
        <div className="relative">
          <GlobeIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id="app-custom-domain"
            className="pl-9"
            placeholder="app.example.com"
            value={host}
            disabled={!allowed}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setHost(event.target.value);
              setError(null);
            }}
            data-testid="settings-custom-domain"
          />
        </div>
      </Field>
      <div>
        {allowed ? (
          <Button type="submit" size="sm" variant="outline" disabled={busy || !changed}>
            {busy ? "Saving…" : host.trim() === "" && saved ? "Remove domain" : "Save domain"}
          </Button>
        ) : (
          <Button
            type="button"
            size="sm"
            onClick={() => upgrade.open("custom_domain")}
            data-testid="settings-custom-domain-upgrade"
          >
            <SparklesIcon />
            Upgrade to use your domain
          </Button>
        )}
      </div>
    </form>
  );
}

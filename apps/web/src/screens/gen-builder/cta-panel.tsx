import { Card, Field, Input, Textarea } from "@liftoff/ui";
import { CircleCheckIcon, ExternalLinkIcon, MegaphoneIcon } from "lucide-react";
import { useId } from "react";
import { type CtaField, ctaDisplay, ctaFieldError, ctaLinkStatus } from "./cta-model.ts";
import type { ToolEditorProps } from "./editor-types.ts";

/**
 * The call to action of one tool (spec section 3: ctaMessage, ctaButton, ctaLink): what end
 * users see under a result, with the link checked by the contract as it is typed and a
 * preview of the card they get.
 */
export function CtaPanel(props: ToolEditorProps) {
  const { tool, onChange } = props;
  const id = useId();
  const set = (field: CtaField, value: string) => onChange({ ...tool, [field]: value });
  // The live message describes what is typed now; the server's may be from an older save.
  const errorOf = (field: CtaField) => ctaFieldError(field, tool[field]) ?? props.errors[field];
  const link = ctaLinkStatus(tool.ctaLink);
  const display = ctaDisplay(tool);

  return (
    <div className="grid min-w-0 gap-4" data-testid="cta-panel">
      <div className="grid gap-0.5">
        <h2 className="text-base font-semibold">Call to action</h2>
        <p className="text-13 text-muted-foreground">
          A message and a button shown to end users after each result, for example to book a call or see an
          offer.
        </p>
      </div>

      <Card className="grid gap-3 p-4">
        <Field
          label="Message"
          htmlFor={`${id}-message`}
          error={errorOf("ctaMessage")}
          hint={props.warnings.ctaMessage ?? "Shown above the button."}
        >
          <Textarea
            id={`${id}-message`}
            rows={3}
            value={tool.ctaMessage}
            placeholder="Want a plan made just for you? Book a free call."
            onChange={(event) => set("ctaMessage", event.target.value)}
            data-testid="cta-message"
          />
        </Field>
        <Field
          label="Button text"
          htmlFor={`${id}-button`}
          error={errorOf("ctaButton")}
          hint={props.warnings.ctaButton}
        >
          <Input
            id={`${id}-button`}
            value={tool.ctaButton}
            placeholder="Book a call"
            onChange={(event) => set("ctaButton", event.target.value)}
            data-testid="cta-button"
          />
        </Field>
        <Field
          label="Button link"
          htmlFor={`${id}-link`}
          error={errorOf("ctaLink")}
          hint={
            link.state === "valid" ? (
              <span
                className="inline-flex items-center gap-1 text-success-text"
                role="status"
                data-testid="cta-link-valid"
              >
                <CircleCheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
                {link.message}
              </span>
            ) : (
              (props.warnings.ctaLink ?? "A full address starting with http:// or https://")
            )
          }
        >
          <Input
            id={`${id}-link`}
            type="url"
            inputMode="url"
            autoComplete="url"
            value={tool.ctaLink}
            placeholder="https://example.com/book"
            onChange={(event) => set("ctaLink", event.target.value.trim())}
            data-testid="cta-link"
          />
        </Field>
      </Card>

      <section className="grid gap-2" aria-labelledby={`${id}-preview`}>
        <h3 className="text-sm font-semibold" id={`${id}-preview`}>
          Preview
        </h3>
        <p className="text-13 text-muted-foreground">What end users see under a result.</p>
        {display.visible ? (
          <div
            className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
            data-testid="cta-preview"
          >
            <div className="flex min-w-0 items-start gap-2.5">
              <MegaphoneIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              {display.message ? (
                <p className="min-w-0 text-sm break-words whitespace-pre-line">{display.message}</p>
              ) : null}
            </div>
            {display.button ? (
              // A preview shows the button, it does not follow it: the link opens from the published app.
              <span
                className="inline-flex h-9 shrink-0 items-center justify-center gap-1.5 self-start rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground sm:self-auto"
                data-testid="cta-preview-button"
              >
                <span className="max-w-[16rem] truncate">{display.button.label}</span>
                <ExternalLinkIcon className="size-4 shrink-0" aria-hidden="true" />
              </span>
            ) : null}
          </div>
        ) : (
          <p
            className="rounded-xl border border-dashed border-neutral-300 bg-muted/60 p-4 text-13 text-muted-foreground"
            data-testid="cta-preview-empty"
          >
            No call to action: end users see only the result. Add a message, or a button text with a link.
          </p>
        )}
        {display.hints.map((hint) => (
          <p key={hint} className="text-13 text-muted-foreground">
            {hint}
          </p>
        ))}
      </section>
    </div>
  );
}

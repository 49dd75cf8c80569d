import type { TemplateSummary } from "@liftoff/domain";
import { Badge, Button, Card, Skeleton, Spinner } from "@liftoff/ui";
import { CopyPlusIcon, DatabaseIcon, FileCode2Icon } from "lucide-react";
import { useState } from "react";

type TemplateCardProps = {
  template: TemplateSummary;
  pending: boolean;
  disabled: boolean;
  onUse: (template: TemplateSummary) => void;
};

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** One template on /templates: preview, what it contains, and "Use template". */
export function TemplateCard({ template, pending, disabled, onUse }: TemplateCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <Card
      data-testid="template-card"
      data-template-id={template.id}
      className="group flex w-full flex-col overflow-hidden p-0 transition-[box-shadow,border-color] hover:border-neutral-300 hover:shadow-md"
    >
      <div
        className="relative aspect-[16/10] overflow-hidden border-b border-border"
        style={{ backgroundColor: `${template.accentColor}14` }}
      >
        {imageFailed ? null : (
          <img
            src={template.imageUrl}
            alt={`Preview of ${template.name}`}
            loading="lazy"
            onError={() => setImageFailed(true)}
            className="size-full object-cover object-top transition-transform duration-300 group-hover:scale-[1.02]"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-base font-semibold tracking-tight">{template.name}</h3>
          <Badge variant="secondary">{template.category}</Badge>
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">{template.description}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5" title={template.pages.join(", ")}>
            <FileCode2Icon className="size-3.5" aria-hidden />
            {plural(template.pages.length, "page", "pages")}
          </span>
          <span className="flex items-center gap-1.5" title={template.entities.join(", ")}>
            <DatabaseIcon className="size-3.5" aria-hidden />
            {plural(template.entities.length, "entity", "entities")}
          </span>
        </div>
        <Button
          className="mt-auto w-full"
          onClick={() => onUse(template)}
          disabled={disabled}
          data-testid="template-use"
        >
          {pending ? <Spinner size="sm" /> : <CopyPlusIcon />}
          {pending ? "Copying…" : "Use template"}
        </Button>
      </div>
    </Card>
  );
}

export function TemplateCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden p-0" aria-hidden>
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="grid gap-3 p-5">
        <div className="flex items-center justify-between">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-4/5" />
        <Skeleton className="h-3 w-24" />
        <Skeleton className="mt-2 h-9 w-full" />
      </div>
    </Card>
  );
}

import { templateListResponseSchema } from "@liftoff/domain";
import { EmptyState, PageHeader, SegmentedControl, Spinner } from "@liftoff/ui";
import { LayoutTemplateIcon } from "lucide-react";
import { useState } from "react";
import { api } from "../../lib/api.ts";
import { LoadError } from "../apps/load-error.tsx";
import { useResource } from "../apps/use-resource.ts";
import { ALL_CATEGORIES, filterTemplates, templateCategories } from "./filter-templates.ts";
import { TemplateCard, TemplateCardSkeleton } from "./template-card.tsx";
import { useDuplicateTemplate, useDuplicateTemplateParam } from "./use-duplicate-template.ts";

/** /templates: ready-made space apps; "Use template" copies one into the user's apps. */
export function TemplatesPage() {
  const templates = useResource("templates", () => api.get("/api/templates", templateListResponseSchema));
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const { duplicate, pendingId } = useDuplicateTemplate();
  useDuplicateTemplateParam(duplicate);

  let content: React.ReactNode;
  if (templates.status === "loading") {
    content = (
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <TemplateCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (templates.status === "error") {
    content = (
      <LoadError title="Couldn't load templates" error={templates.error} onRetry={templates.reload} />
    );
  } else if (templates.data.length === 0) {
    content = (
      <EmptyState
        icon={LayoutTemplateIcon}
        title="No templates yet"
        description="Templates are ready-made apps you can copy and make your own. None are installed on this server."
        className="py-20"
      />
    );
  } else {
    const categories = templateCategories(templates.data);
    const visible = filterTemplates(templates.data, category);
    content = (
      <div className="grid grid-cols-1 gap-5">
        {categories.length > 1 ? (
          <div className="-mx-4 min-w-0 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <SegmentedControl
              ariaLabel="Filter by category"
              value={category}
              onChange={setCategory}
              options={[
                { value: ALL_CATEGORIES, label: "All" },
                ...categories.map((name) => ({ value: name, label: name })),
              ]}
            />
          </div>
        ) : null}
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Templates">
          {visible.map((template) => (
            <li key={template.id} className="flex">
              <TemplateCard
                template={template}
                pending={pendingId === template.id}
                disabled={pendingId !== null}
                onUse={(chosen) => void duplicate(chosen.id)}
              />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title="Templates"
        description="Complete apps with pages, data and sign-up, ready to copy and make your own."
        actions={
          pendingId ? (
            <span className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner size="sm" label={null} />
              Creating your copy…
            </span>
          ) : null
        }
        className="pb-0"
      />
      {content}
    </div>
  );
}

import { templateCategoryErrors } from "@liftoff/domain";
import {
  Button,
  Field,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@liftoff/ui";
import { PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";

const NO_CATEGORY = "__none";

/**
 * The tool-template library's categories (spec sections 5 and 6, admins): add one by name
 * ('Category name cannot be empty', 'Category already exists'), remove one, and choose
 * this app's. The checks are the domain's templateCategoryErrors, the server's too.
 */
export function TemplateCategoriesEditor(props: {
  categories: string[];
  category: string;
  onChange: (next: { templateCategories: string[]; templateCategory: string }) => void;
  error: string | undefined;
}) {
  const [draft, setDraft] = useState("");
  const [message, setMessage] = useState<string | null>(null);

  function add() {
    const name = draft.trim();
    const problem = templateCategoryErrors([...props.categories, name]).at(-1) ?? null;
    if (problem) {
      setMessage(problem);
      return;
    }
    setMessage(null);
    setDraft("");
    props.onChange({
      templateCategories: [...props.categories, name],
      templateCategory: props.category || name,
    });
  }

  return (
    <div className="grid gap-3" data-testid="template-categories">
      <Field label="Template category" htmlFor="gen-settings-template-category" error={props.error}>
        <Select
          value={props.category === "" ? NO_CATEGORY : props.category}
          onValueChange={(value) =>
            props.onChange({
              templateCategories: props.categories,
              templateCategory: value === NO_CATEGORY ? "" : value,
            })
          }
        >
          <SelectTrigger id="gen-settings-template-category" aria-label="Template category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_CATEGORY}>No category</SelectItem>
            {props.categories.map((category) => (
              <SelectItem key={category} value={category}>
                {category}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      {props.categories.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Template categories">
          {props.categories.map((category) => (
            <li
              key={category}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-background py-0.5 pr-1 pl-2.5 text-13"
            >
              {category}
              <button
                type="button"
                className="rounded-full p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
                aria-label={`Remove category ${category}`}
                onClick={() =>
                  props.onChange({
                    templateCategories: props.categories.filter((c) => c !== category),
                    templateCategory: props.category === category ? "" : props.category,
                  })
                }
              >
                <XIcon className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Field label="New category" htmlFor="gen-settings-new-category" error={message}>
        <div className="flex gap-2">
          <Input
            id="gen-settings-new-category"
            value={draft}
            placeholder="e.g. Marketing"
            maxLength={50}
            onChange={(event) => {
              setDraft(event.target.value);
              setMessage(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button type="button" variant="outline" onClick={add}>
            <PlusIcon />
            Add
          </Button>
        </div>
      </Field>
    </div>
  );
}

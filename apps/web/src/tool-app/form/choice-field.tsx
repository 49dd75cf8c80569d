import type { PublicField } from "@liftoff/domain";
import { CheckIcon } from "lucide-react";
import { previewImageUrl } from "../../lib/tool-app-theme.ts";
import { CHIP } from "./themed-classes.ts";

export type ChoiceFieldProps = {
  id: string;
  field: PublicField;
  value: string | string[];
  onChange: (value: string | string[]) => void;
  invalid: boolean;
};

/**
 * A select (one choice: radio buttons, arrow keys move between them) or multiselect (any
 * number: checkboxes) as chips that show each option's icon. A native `<select>` cannot
 * show icons, and the options are few (the builder's limit), so they all fit.
 */
export function ChoiceField({ id, field, value, onChange, invalid }: ChoiceFieldProps) {
  const multiple = field.type === "multiselect";
  const chosen = new Set(Array.isArray(value) ? value : value ? [value] : []);
  const toggle = (label: string) => {
    if (!multiple) {
      onChange(label);
      return;
    }
    const next = chosen.has(label) ? [...chosen].filter((item) => item !== label) : [...chosen, label];
    // The builder's order, whatever order they were picked in.
    onChange(field.options.map((option) => option.label).filter((item) => next.includes(item)));
  };
  return (
    <div className="flex flex-wrap gap-2" data-testid="tool-field-choices">
      {field.options.map((option, index) => {
        const icon = previewImageUrl(option.iconUrl);
        const checked = chosen.has(option.label);
        return (
          // Labels may repeat in an old document; the place keeps keys unique.
          <label key={`${index}-${option.label}`} className={CHIP}>
            <input
              type={multiple ? "checkbox" : "radio"}
              name={id}
              value={option.label}
              checked={checked}
              onChange={() => toggle(option.label)}
              aria-invalid={invalid || undefined}
              className="sr-only"
            />
            {icon ? (
              <img src={icon} alt="" referrerPolicy="no-referrer" className="size-5 rounded object-cover" />
            ) : null}
            <span>{option.label}</span>
            {checked ? <CheckIcon className="size-3.5" aria-hidden /> : null}
          </label>
        );
      })}
    </div>
  );
}

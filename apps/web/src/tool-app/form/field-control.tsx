import type { PublicField } from "@liftoff/domain";
import { MapPinIcon } from "lucide-react";
import { ChoiceField } from "./choice-field.tsx";
import { describedBy, FieldFrame } from "./field-frame.tsx";
import type { FieldDraft, MeasureDraft } from "./form-model.ts";
import { MeasureField } from "./measure-field.tsx";
import { PhotoField } from "./photo-field.tsx";
import { TEXT_AREA, TEXT_INPUT } from "./themed-classes.ts";
import { ToolItemSelect } from "./tool-item-select.tsx";

export type FieldControlProps = {
  appId: string;
  toolId: string;
  field: PublicField;
  value: FieldDraft;
  onChange: (value: FieldDraft) => void;
  error: string | undefined;
};

/** The control's id: field names are unique in a tool and keep to [A-Za-z0-9_-]. */
export function fieldControlId(name: string): string {
  return `tool-field-${name}`;
}

/** An input with an icon at its start (place, item search). */
function IconInput(props: {
  id: string;
  icon: typeof MapPinIcon;
  type: "text" | "search";
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  describedBy: string | undefined;
  invalid: boolean;
}) {
  const Icon = props.icon;
  return (
    <div className="relative">
      <Icon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-(--tool-muted)"
        aria-hidden
      />
      <input
        id={props.id}
        type={props.type}
        autoComplete="off"
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        className={`${TEXT_INPUT} pl-9`}
      />
    </div>
  );
}

/**
 * One custom field of the tool form, by its type (spec section 3 'Custom field'): text,
 * long text, select and multiselect (options with icons), e-mail, place (free text: no
 * geocoder is configured), photo, height and weight (metric or imperial), and item select
 * (typed, until the tool's items data source can be searched).
 */
export function FieldControl({ appId, toolId, field, value, onChange, error }: FieldControlProps) {
  const id = fieldControlId(field.name);
  const hint = field.type === "photo" ? field.instructions.trim() || undefined : undefined;
  const described = describedBy(id, hint, error);
  const invalid = error !== undefined;
  const text = typeof value === "string" ? value : "";
  const common = {
    id,
    value: text,
    "aria-describedby": described,
    "aria-invalid": invalid || undefined,
  };
  let control: React.ReactNode;
  switch (field.type) {
    case "long_text":
      control = (
        <textarea
          {...common}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
          className={TEXT_AREA}
        />
      );
      break;
    case "email":
      control = (
        <input
          {...common}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="name@example.com"
          onChange={(event) => onChange(event.target.value)}
          className={TEXT_INPUT}
        />
      );
      break;
    case "place":
      control = (
        <IconInput
          id={id}
          icon={MapPinIcon}
          type="text"
          placeholder="City, region or address"
          value={text}
          onChange={onChange}
          describedBy={described}
          invalid={invalid}
        />
      );
      break;
    case "tool_item_select":
      control = (
        <ToolItemSelect
          id={id}
          appId={appId}
          toolId={toolId}
          field={field.name}
          value={text}
          onChange={onChange}
          describedBy={described}
          invalid={invalid}
        />
      );
      break;
    case "select":
    case "multiselect":
      return (
        <FieldFrame
          id={id}
          name={field.name}
          label={field.label}
          required={field.required}
          error={error}
          group
        >
          <ChoiceField
            id={id}
            field={field}
            value={value as string | string[]}
            onChange={onChange}
            invalid={invalid}
          />
        </FieldFrame>
      );
    case "height":
    case "weight":
      control = (
        <MeasureField
          id={id}
          field={field as PublicField & { type: "height" | "weight" }}
          value={value as MeasureDraft}
          onChange={onChange}
          describedBy={described}
          invalid={invalid}
        />
      );
      break;
    case "photo":
      control = (
        <PhotoField
          id={id}
          appId={appId}
          toolId={toolId}
          value={text}
          onChange={onChange}
          describedBy={described}
          invalid={invalid}
        />
      );
      break;
    default:
      control = (
        <input
          {...common}
          type="text"
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          className={TEXT_INPUT}
        />
      );
  }
  return (
    <FieldFrame
      id={id}
      name={field.name}
      label={field.label}
      required={field.required}
      hint={hint}
      error={error}
    >
      {control}
    </FieldFrame>
  );
}

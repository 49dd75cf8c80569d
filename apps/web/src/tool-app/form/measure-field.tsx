import {
  describeHeight,
  describeWeight,
  HEIGHT_UNITS,
  type PublicField,
  WEIGHT_UNITS,
} from "@liftoff/domain";
import { type MeasureDraft, switchMeasureUnit } from "./form-model.ts";
import { CHIP, TEXT_INPUT } from "./themed-classes.ts";

export type MeasureFieldProps = {
  id: string;
  field: PublicField & { type: "height" | "weight" };
  value: MeasureDraft;
  onChange: (value: MeasureDraft) => void;
  describedBy: string | undefined;
  invalid: boolean;
};

const UNIT_NAMES = {
  cm: "Metric (cm)",
  in: "Imperial (in)",
  kg: "Metric (kg)",
  lb: "Imperial (lb)",
} as const;

/**
 * A height or weight: a number in the unit picked (metric or imperial), converted when the
 * unit is switched, with the value in both systems shown under it (domain convert-units).
 */
export function MeasureField({ id, field, value, onChange, describedBy, invalid }: MeasureFieldProps) {
  const units = field.type === "height" ? HEIGHT_UNITS : WEIGHT_UNITS;
  const number = Number(value.text.trim().replace(",", "."));
  const both =
    value.text.trim() !== "" && Number.isFinite(number) && number > 0
      ? field.type === "height"
        ? describeHeight({ value: number, unit: value.unit as "cm" | "in" })
        : describeWeight({ value: number, unit: value.unit as "kg" | "lb" })
      : null;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-32">
          <input
            id={id}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value.text}
            onChange={(event) => onChange({ ...value, text: event.target.value })}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={`${TEXT_INPUT} pr-12`}
          />
          <span
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-(--tool-muted)"
            aria-hidden
          >
            {value.unit}
          </span>
        </div>
        <div role="radiogroup" aria-label={`${field.label} unit`} className="flex gap-1.5">
          {units.map((unit) => (
            <label key={unit} className={CHIP}>
              <input
                type="radio"
                name={`${id}-unit`}
                value={unit}
                checked={value.unit === unit}
                onChange={() => onChange(switchMeasureUnit(field.type, value, unit))}
                className="sr-only"
              />
              <span aria-hidden>{unit}</span>
              <span className="sr-only">{UNIT_NAMES[unit]}</span>
            </label>
          ))}
        </div>
      </div>
      {both ? (
        <p className="text-13 text-(--tool-muted)" data-testid="tool-measure-both">
          {both}
        </p>
      ) : null}
    </div>
  );
}

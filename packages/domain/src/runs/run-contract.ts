import { z } from "zod";
import { isValidEmail } from "../auth/email.ts";
import { usageRecordSchema } from "../chat/chat-message.ts";
import { sourceCitationSchema } from "../data-sources/data-source-contract.ts";
import type { CustomField } from "../generated-apps/custom-field.ts";
import { tooLongMessage } from "../generated-apps/generated-app-messages.ts";
import { isImageAddress } from "../generated-apps/is-http-url.ts";
import {
  convertHeight,
  convertWeight,
  HEIGHT_UNITS,
  type HeightValue,
  heightInCm,
  WEIGHT_UNITS,
  type WeightValue,
  weightInKg,
} from "./convert-units.ts";
import { RUN_ERROR_CODES } from "./run-error-codes.ts";
import { RUN_PHASES, RUN_START_EVENTS } from "./run-state.ts";
import { runViewSchema } from "./run-view.ts";

/**
 * Caps of what an end user submits to a run. Ours: the spec names the field types and the
 * image size (10 MB, checked at upload), not answer lengths. Heights and weights are
 * bounded to what a person can be, in metric, whatever unit was picked.
 */
export const RUN_INPUT_LIMITS = {
  input: 10_000,
  text: 1_000,
  long_text: 10_000,
  place: 500,
  email: 254,
  tool_item_select: 500,
  option: 100,
  photoUrl: 2_000,
  heightCm: { min: 30, max: 300 },
  weightKg: { min: 1, max: 500 },
} as const;

/** What checking an answer needs of a field: the builder's field or its public view alike. */
export type RunnableField = Pick<CustomField, "name" | "label" | "type" | "required" | "options">;

/** One answer as the run request carries it: text, chosen options, or a measure with its unit. */
export type RunFieldValue = string | string[] | HeightValue | WeightValue;
export type RunFieldValues = Record<string, RunFieldValue>;

/** Messages of the run form and of a 400 (ours: the spec gives none for answers). */
export const RUN_INPUT_MESSAGES = {
  required: (label: string) => `${label} is required`,
  emailInvalid: "Enter a valid e-mail address",
  notAnOption: "Choose one of the listed options",
  duplicateOption: "Choose each option only once",
  photoInvalid: "Upload the photo again: its address is not valid",
  unknownField: "This tool has no such field",
  notANumber: "Enter a number",
  notText: "Enter text",
  height: () => {
    const { min, max } = RUN_INPUT_LIMITS.heightCm;
    const inches = (cm: number) => Math.round(convertHeight({ value: cm, unit: "cm" }, "in"));
    return `Enter a height between ${min} and ${max} cm (${inches(min)} to ${inches(max)} in)`;
  },
  weight: () => {
    const { min, max } = RUN_INPUT_LIMITS.weightKg;
    const pounds = (kg: number) => Math.round(convertWeight({ value: kg, unit: "kg" }, "lb"));
    return `Enter a weight between ${min} and ${max} kg (${pounds(min)} to ${pounds(max)} lb)`;
  },
} as const;

/** A string of at most `max` characters (a missing answer is caught by `present`, not here). */
function text(label: string, max: number) {
  return z.string({ error: RUN_INPUT_MESSAGES.notText }).max(max, tooLongMessage(label, max));
}

function measure<Unit extends string>(units: readonly [Unit, ...Unit[]], message: string) {
  return z.object(
    {
      value: z.number({ error: RUN_INPUT_MESSAGES.notANumber }).finite(),
      unit: z.enum(units, { error: message }),
    },
    { error: message },
  );
}

/**
 * The schema of one field's answer, by its type. Optional fields may be left out (or sent
 * empty: "", [] or null), which reads as no answer; required ones must be present and
 * non-empty. Select answers must be one of the field's option labels (exactly as the
 * builder wrote them), multiselect a subset without repeats.
 */
export function runFieldValueSchema(field: RunnableField): z.ZodType<RunFieldValue | undefined> {
  const label = field.label || field.name;
  const required = RUN_INPUT_MESSAGES.required(label);
  const options = new Set(field.options.map((option) => option.label));
  const present = <T>(schema: z.ZodType<T>, isEmpty: (value: T) => boolean) =>
    schema
      .nullish()
      .superRefine((value, ctx) => {
        if (field.required && (value === null || value === undefined || isEmpty(value as T)))
          ctx.addIssue({ code: "custom", message: required });
      })
      .transform((value) =>
        value === null || value === undefined || isEmpty(value as T) ? undefined : value,
      );

  const blank = (value: string) => value.trim() === "";
  switch (field.type) {
    case "text":
    case "long_text":
    case "place":
    case "tool_item_select":
      return present(text(label, RUN_INPUT_LIMITS[field.type]), blank);
    case "email":
      return present(
        text(label, RUN_INPUT_LIMITS.email).refine(
          (value) => blank(value) || isValidEmail(value),
          RUN_INPUT_MESSAGES.emailInvalid,
        ),
        blank,
      ).transform((value) => (typeof value === "string" ? value.trim() : value));
    case "photo":
      return present(
        text(label, RUN_INPUT_LIMITS.photoUrl).refine(
          (value) => blank(value) || isImageAddress(value),
          RUN_INPUT_MESSAGES.photoInvalid,
        ),
        blank,
      );
    case "select":
      return present(
        z
          .string({ error: RUN_INPUT_MESSAGES.notAnOption })
          .refine((value) => value === "" || options.has(value), RUN_INPUT_MESSAGES.notAnOption),
        (value) => value === "",
      );
    case "multiselect":
      return present(
        z
          .array(z.string({ error: RUN_INPUT_MESSAGES.notAnOption }), {
            error: RUN_INPUT_MESSAGES.notAnOption,
          })
          .refine((values) => values.every((value) => options.has(value)), RUN_INPUT_MESSAGES.notAnOption)
          .refine((values) => new Set(values).size === values.length, RUN_INPUT_MESSAGES.duplicateOption),
        (values) => values.length === 0,
      );
    case "height": {
      const { min, max } = RUN_INPUT_LIMITS.heightCm;
      return present(
        measure(HEIGHT_UNITS, RUN_INPUT_MESSAGES.height()).refine((height) => {
          const cm = heightInCm(height);
          return cm >= min && cm <= max;
        }, RUN_INPUT_MESSAGES.height()),
        () => false,
      );
    }
    case "weight": {
      const { min, max } = RUN_INPUT_LIMITS.weightKg;
      return present(
        measure(WEIGHT_UNITS, RUN_INPUT_MESSAGES.weight()).refine((weight) => {
          const kg = weightInKg(weight);
          return kg >= min && kg <= max;
        }, RUN_INPUT_MESSAGES.weight()),
        () => false,
      );
    }
  }
}

/**
 * The answers as an object without a prototype: zod reads a key that is absent as whatever
 * the object inherits, so a field called 'constructor' or 'toString' would otherwise read
 * Object.prototype's function as its answer.
 */
function ownKeysOnly(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.assign(Object.create(null), value);
}

/**
 * The body of POST a run for one tool: the main input and the answers keyed by field name
 * (exactly as the builder named the field). A key naming no field is refused rather than
 * dropped, so a client that drifted from the tool learns it instead of running silently
 * without an answer. Answers left empty are dropped from the parsed `values`.
 */
export function runRequestSchemaFor(tool: { fields: readonly RunnableField[] }) {
  // fromEntries defines own keys ('constructor' and the like stay plain keys). A field called
  // '__proto__' (FIELD_NAME_PATTERN allows it) is not runnable: zod drops that key.
  const shape = Object.fromEntries(tool.fields.map((field) => [field.name, runFieldValueSchema(field)]));
  return z.object({
    input: z
      .string({ error: "Input must be text" })
      .max(RUN_INPUT_LIMITS.input, tooLongMessage("Input", RUN_INPUT_LIMITS.input))
      .default(""),
    values: z
      .preprocess(
        ownKeysOnly,
        z.strictObject(shape, { error: "Answers must be an object keyed by field name" }).default({}),
      )
      .transform(
        (values): RunFieldValues =>
          Object.fromEntries(
            Object.entries(values).filter((entry) => entry[1] !== undefined),
          ) as RunFieldValues,
      ),
  });
}

/** How many tools' request schemas are kept (least recently used out). */
const REQUEST_SCHEMAS_MAX = 256;
const requestSchemas = new Map<string, ReturnType<typeof runRequestSchemaFor>>();

/**
 * The request schema of a tool's fields, built once per distinct set of fields: building a
 * zod schema and its first parse (zod compiles the object's parser then) cost about 0.6 ms,
 * on every run's path before the model is asked; the fields are read afresh from the
 * database each run, so the key is their JSON, not the object.
 */
function cachedRunRequestSchema(fields: readonly RunnableField[]) {
  const key = JSON.stringify(fields);
  let schema = requestSchemas.get(key);
  if (schema) requestSchemas.delete(key);
  else schema = runRequestSchemaFor({ fields });
  requestSchemas.set(key, schema);
  if (requestSchemas.size > REQUEST_SCHEMAS_MAX)
    requestSchemas.delete(requestSchemas.keys().next().value as string);
  return schema;
}

export type RunRequest = { input: string; values: RunFieldValues };

export type RunRequestCheck =
  | { ok: true; request: RunRequest }
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * Checks a run request against the tool: the parsed request, or one message per field (by
 * field name, 'input' for the main input, 'body' for a body that is not an object) for
 * the 400 answer and the form. A run never starts on a refused request.
 */
export function checkRunRequest(input: {
  tool: { fields: readonly RunnableField[] };
  body: unknown;
}): RunRequestCheck {
  const parsed = cachedRunRequestSchema(input.tool.fields).safeParse(input.body);
  if (parsed.success) return { ok: true, request: parsed.data };
  const fieldErrors = new Map<string, string>();
  const put = (key: string, message: string) => {
    if (!fieldErrors.has(key)) fieldErrors.set(key, message);
  };
  for (const issue of parsed.error.issues) {
    const [top, name] = issue.path;
    if (issue.code === "unrecognized_keys" && top === "values")
      for (const key of issue.keys) put(key, RUN_INPUT_MESSAGES.unknownField);
    else if (top === "values" && typeof name === "string") put(name, issue.message);
    else if (top === "input") put("input", issue.message);
    else if (top === "values") put("values", issue.message);
    else put("body", issue.message);
  }
  return { ok: false, fieldErrors: Object.fromEntries(fieldErrors) };
}

const blockId = z.string().min(1).max(64);

/**
 * The events a run streams over SSE (one JSON object per `data:` line, `event:` = type).
 * - phase: the run's phase of spec section 4 and the step it is on;
 * - block-delta: more text of a block; after a block-failed with `retrying`, the next
 *   delta of that block starts its text over (the one bounded retry);
 * - block-validated / block-failed: a verdict (final, unless `retrying`);
 * - usage: the model's usage record; done: the run ended (resolved or errored);
 * - error: a non-technical message and a code; ping: every 10 s so proxies keep the stream.
 */
export const runStreamEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("phase"),
    runId: z.string().min(1),
    phase: z.enum(RUN_PHASES),
    step: z.enum([...RUN_START_EVENTS, "validate"]).nullable(),
  }),
  z.object({ type: z.literal("block-delta"), blockId, text: z.string() }),
  z.object({ type: z.literal("block-end"), blockId }),
  z.object({ type: z.literal("block-validated"), blockId }),
  z.object({ type: z.literal("block-failed"), blockId, message: z.string(), retrying: z.boolean() }),
  z.object({ type: z.literal("usage"), usage: usageRecordSchema }),
  z.object({ type: z.literal("done"), runId: z.string().min(1), phase: z.enum(["success", "error"]) }),
  z.object({ type: z.literal("error"), code: z.enum(RUN_ERROR_CODES), message: z.string() }),
  z.object({ type: z.literal("ping") }),
  /** The whole run so far: the first event of every stream, so a late or re-attached tab needs nothing else. */
  z.object({ type: z.literal("snapshot"), run: runViewSchema }),
  /** 'Interactive Followups': prompts that continue this run ('Creative suggestions'). */
  z.object({ type: z.literal("suggestions"), suggestions: z.array(z.string().max(300)).max(5) }),
  /** The data-source passages the answer was given (spec: message parts of type source). */
  z.object({ type: z.literal("sources"), sources: z.array(sourceCitationSchema).max(20) }),
]);
export type RunStreamEvent = z.infer<typeof runStreamEventSchema>;
export type RunStreamEventType = RunStreamEvent["type"];

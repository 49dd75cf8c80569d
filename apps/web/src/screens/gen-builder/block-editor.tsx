import { RESULT_BLOCK_KINDS, type ResultBlock, type ResultBlockKind } from "@liftoff/domain";
import {
  Badge,
  Button,
  Card,
  Field,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  Textarea,
  Tooltip,
} from "@liftoff/ui";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  BracesIcon,
  ChevronDownIcon,
  CopyIcon,
  FileTextIcon,
  ImageIcon,
  LayoutGridIcon,
  ListIcon,
  type LucideIcon,
  ShieldCheckIcon,
  TableIcon,
  Trash2Icon,
} from "lucide-react";
import { useId, useMemo, useState } from "react";
import { BlockPreview } from "./block-preview.tsx";
import {
  activeFeatureBadges,
  BLOCK_KIND_INFO,
  BLOCK_LIMIT_MESSAGE,
  changeBlockKind,
  formatJsonSchema,
  isFeatureOn,
  parseCount,
  parseJsonSchemaText,
  parseRequiredKeys,
  setFeature,
  VALIDATION_FEATURE_INFO,
  VALIDATION_FEATURES_BY_KIND,
  type ValidationFeature,
  withValidation,
} from "./results-layout-model.ts";
import { sampleBlockOutput } from "./sample-block-output.ts";

export const BLOCK_KIND_ICONS: Record<ResultBlockKind, LucideIcon> = {
  markdown: FileTextIcon,
  list: ListIcon,
  table: TableIcon,
  key_facts: LayoutGridIcon,
  image: ImageIcon,
  json: BracesIcon,
};

export type BlockEditorProps = {
  block: ResultBlock;
  index: number;
  count: number;
  /** Live contract messages and the server's, keyed inside the block ("title", "validation.minItems"). */
  errors: Record<string, string>;
  warnings: Record<string, string>;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  onChange: (next: ResultBlock) => void;
  onMove: (direction: -1 | 1) => void;
  onDuplicate: () => void;
  /** Asks the panel to confirm the deletion. */
  onDelete: () => void;
  canDuplicate: boolean;
};

/**
 * One result block: a header with its kind, title, checks in force and the order, copy and
 * delete actions; its sample preview; and, when expanded, its title, instruction, kind and
 * validation checks.
 */
export function BlockEditor(props: BlockEditorProps) {
  const { block, index, count } = props;
  const id = useId();
  const Icon = BLOCK_KIND_ICONS[block.kind];
  const name = block.title.trim() || `Block ${index + 1}`;
  const badges = activeFeatureBadges(block);
  const output = useMemo(() => sampleBlockOutput(block), [block]);
  const hasErrors = Object.keys(props.errors).length > 0;

  return (
    <Card className="grid min-w-0 gap-3 p-3 sm:p-4" data-testid="result-block" data-block-id={block.id}>
      <div className="flex items-start gap-2">
        <div className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg border border-border bg-muted text-muted-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </div>
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 className="truncate text-sm font-semibold" id={`${id}-name`}>
            {name}
          </h3>
          <div className="flex flex-wrap items-center gap-1">
            <span className="text-xs text-muted-foreground">
              {index + 1}. {BLOCK_KIND_INFO[block.kind].label}
            </span>
            {badges.map((badge) => (
              <Badge key={badge} variant="secondary" data-testid="block-validation-badge">
                <ShieldCheckIcon aria-hidden="true" />
                {badge}
              </Badge>
            ))}
            {hasErrors ? <Badge variant="destructive">Needs attention</Badge> : null}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-0.5">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => props.onMove(-1)}
          >
            <ArrowUpIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => props.onMove(1)}
          >
            <ArrowDownIcon />
          </Button>
          <Tooltip content={props.canDuplicate ? "Duplicate" : BLOCK_LIMIT_MESSAGE}>
            <span className="inline-flex">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Duplicate ${name}`}
                aria-disabled={!props.canDuplicate}
                onClick={props.canDuplicate ? props.onDuplicate : undefined}
                data-testid="block-duplicate"
              >
                <CopyIcon />
              </Button>
            </span>
          </Tooltip>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive-text hover:bg-destructive-subtle"
            aria-label={`Delete ${name}`}
            onClick={props.onDelete}
            data-testid="block-delete"
          >
            <Trash2Icon />
          </Button>
        </div>
      </div>

      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground" id={`${id}-preview`}>
          Preview with sample output
        </p>
        <section aria-labelledby={`${id}-preview`}>
          <BlockPreview output={output} />
        </section>
      </div>

      <Button
        variant="outline"
        size="sm"
        className="w-full justify-between"
        aria-expanded={props.expanded}
        aria-controls={`${id}-settings`}
        onClick={() => props.onExpandedChange(!props.expanded)}
        data-testid="block-toggle"
      >
        {props.expanded ? "Hide block settings" : "Edit block settings"}
        <ChevronDownIcon
          className={props.expanded ? "rotate-180 transition-transform" : "transition-transform"}
        />
      </Button>

      {!props.expanded && hasErrors ? (
        // Folded away, the block still says what is wrong, so a failed save is never a mystery.
        <p className="text-13 text-destructive-text" data-testid="block-error-summary">
          {Object.values(props.errors)[0]}
        </p>
      ) : null}

      {props.expanded ? (
        <div id={`${id}-settings`} className="grid gap-4 border-t border-border pt-3">
          <BlockFields {...props} id={id} />
          <ValidationFields {...props} id={id} />
        </div>
      ) : null}
    </Card>
  );
}

function BlockFields({ block, errors, warnings, onChange, id }: BlockEditorProps & { id: string }) {
  return (
    <div className="grid gap-3">
      <Field label="Kind" htmlFor={`${id}-kind`} error={errors.kind}>
        <Select
          value={block.kind}
          onValueChange={(kind) => onChange(changeBlockKind(block, kind as ResultBlockKind))}
        >
          <SelectTrigger id={`${id}-kind`} aria-label="Kind">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {RESULT_BLOCK_KINDS.map((kind) => (
              <SelectItem key={kind} value={kind}>
                {BLOCK_KIND_INFO[kind].label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field label="Title" htmlFor={`${id}-title`} error={errors.title} hint={warnings.title}>
        <Input
          id={`${id}-title`}
          value={block.title}
          placeholder={BLOCK_KIND_INFO[block.kind].title}
          onChange={(event) => onChange({ ...block, title: event.target.value })}
          data-testid="block-title"
        />
      </Field>
      <Field
        label="Instruction"
        htmlFor={`${id}-instruction`}
        error={errors.instruction}
        hint={warnings.instruction ?? "What the AI writes in this block, on top of the tool's instructions."}
      >
        <Textarea
          id={`${id}-instruction`}
          rows={3}
          value={block.instruction}
          placeholder="e.g. Summarise the answer in three short paragraphs"
          onChange={(event) => onChange({ ...block, instruction: event.target.value })}
          data-testid="block-instruction"
        />
      </Field>
    </div>
  );
}

function ValidationFields(props: BlockEditorProps & { id: string }) {
  const { block, onChange, id } = props;
  const features = VALIDATION_FEATURES_BY_KIND[block.kind];
  // Which checks are open is the editor's own state: a check whose bounds are both cleared
  // stays open while the builder types, though the block then stores nothing for it.
  const [open, setOpen] = useState<Set<ValidationFeature>>(
    () => new Set(features.filter((feature) => isFeatureOn(block, feature))),
  );
  const toggle = (feature: ValidationFeature, on: boolean) => {
    setOpen((current) => {
      const next = new Set(current);
      if (on) next.add(feature);
      else next.delete(feature);
      return next;
    });
    onChange(setFeature(block, feature, on));
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Validation</legend>
      <p className="-mt-2 text-13 text-muted-foreground">
        Optional checks of this block's output. A run waits for every check before it shows the result.
      </p>
      {features.map((feature) => {
        const switchId = `${id}-feature-${feature}`;
        const on = open.has(feature) || isFeatureOn(block, feature);
        return (
          <div key={feature} className="grid gap-2 rounded-lg border border-border p-3">
            <div className="flex items-start justify-between gap-3">
              <div className="grid gap-0.5">
                <Label htmlFor={switchId}>{VALIDATION_FEATURE_INFO[feature].label}</Label>
                <p className="text-13 text-muted-foreground">
                  {VALIDATION_FEATURE_INFO[feature].description}
                </p>
              </div>
              <Switch
                id={switchId}
                checked={on}
                onCheckedChange={(checked) => toggle(feature, checked)}
                data-testid={`block-feature-${feature}`}
              />
            </div>
            {on ? featureFields(props, feature) : null}
          </div>
        );
      })}
      {props.errors.validation ? (
        <p className="text-13 text-destructive-text" role="alert">
          {props.errors.validation}
        </p>
      ) : null}
    </fieldset>
  );
}

type FieldProps = BlockEditorProps & { id: string };

/** The inputs of one open check (a plain function, so its stateful fields keep their drafts between renders). */
function featureFields(props: FieldProps, feature: ValidationFeature) {
  const { block, onChange, id } = props;
  switch (feature) {
    case "jsonSchema":
      return <JsonSchemaField {...props} />;
    case "requiredKeys":
      return <RequiredKeysField {...props} />;
    case "itemCount":
      return (
        <div className="grid grid-cols-2 gap-2">
          <CountField {...props} bound="minItems" label="Min items" />
          <CountField {...props} bound="maxItems" label="Max items" />
        </div>
      );
    case "length":
      return (
        <div className="grid grid-cols-2 gap-2">
          <CountField {...props} bound="minLength" label="Min characters" />
          <CountField {...props} bound="maxLength" label="Max characters" />
        </div>
      );
    case "modelCheck":
      return (
        <Field
          label="Check prompt"
          htmlFor={`${id}-model-check`}
          error={props.errors["validation.modelCheckPrompt"]}
          hint={
            (block.validation?.modelCheckPrompt ?? "").trim() === ""
              ? "Write the prompt, or turn this check off."
              : "The model answers whether the output passes."
          }
        >
          <Textarea
            id={`${id}-model-check`}
            rows={3}
            value={block.validation?.modelCheckPrompt ?? ""}
            placeholder="e.g. Pass only if every step is concrete and safe to follow"
            onChange={(event) =>
              onChange(withValidation(block, { ...block.validation, modelCheckPrompt: event.target.value }))
            }
            data-testid="block-model-check"
          />
        </Field>
      );
  }
}

/** The JSON schema as text: kept as typed, stored only once it parses as a JSON object. */
function JsonSchemaField({ block, errors, onChange, id }: FieldProps) {
  const [text, setText] = useState(() => formatJsonSchema(block.validation?.jsonSchema));
  const [error, setError] = useState<string | null>(null);
  return (
    <Field
      label="JSON schema"
      htmlFor={`${id}-json-schema`}
      error={error ?? errors["validation.jsonSchema"]}
      hint="The last valid schema is kept until this one parses."
    >
      <Textarea
        id={`${id}-json-schema`}
        rows={6}
        spellCheck={false}
        className="font-mono text-xs"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = parseJsonSchemaText(event.target.value);
          setError(parsed.ok ? null : parsed.message);
          if (parsed.ok) onChange(withValidation(block, { ...block.validation, jsonSchema: parsed.value }));
        }}
        data-testid="block-json-schema"
      />
    </Field>
  );
}

function RequiredKeysField({ block, errors, onChange, id }: FieldProps) {
  const [text, setText] = useState(() => (block.validation?.requiredKeys ?? []).join("\n"));
  const keyError = Object.entries(errors).find(([path]) => path.startsWith("validation.requiredKeys"))?.[1];
  return (
    <Field
      label="Required keys"
      htmlFor={`${id}-required-keys`}
      error={keyError}
      hint="One key per line (or separated by commas)."
    >
      <Textarea
        id={`${id}-required-keys`}
        rows={3}
        spellCheck={false}
        value={text}
        placeholder={"name\nprice"}
        onChange={(event) => {
          setText(event.target.value);
          onChange(
            withValidation(block, {
              ...block.validation,
              requiredKeys: parseRequiredKeys(event.target.value),
            }),
          );
        }}
        data-testid="block-required-keys"
      />
    </Field>
  );
}

type Bound = "minItems" | "maxItems" | "minLength" | "maxLength";

/** A min or max: kept as typed, stored when empty (no bound) or a whole number from 0. */
function CountField({
  block,
  errors,
  onChange,
  id,
  bound,
  label,
}: FieldProps & { bound: Bound; label: string }) {
  const [text, setText] = useState(() => block.validation?.[bound]?.toString() ?? "");
  const [error, setError] = useState<string | null>(null);
  return (
    <Field label={label} htmlFor={`${id}-${bound}`} error={error ?? errors[`validation.${bound}`]}>
      <Input
        id={`${id}-${bound}`}
        inputMode="numeric"
        value={text}
        placeholder="No limit"
        onChange={(event) => {
          setText(event.target.value);
          const parsed = parseCount(event.target.value);
          setError(parsed.ok ? null : parsed.message);
          if (parsed.ok) onChange(withValidation(block, { ...block.validation, [bound]: parsed.value }));
        }}
        data-testid={`block-${bound}`}
      />
    </Field>
  );
}

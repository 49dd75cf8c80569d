import {
  type FieldMessages,
  SAVED_APP_LIMITS,
  type SavedApp,
  type SavedAppKind,
  type Tool,
} from "@liftoff/domain";
import { Button, Card, Field, Input, Label, Switch, Textarea, Tooltip } from "@liftoff/ui";
import { PlusIcon, XIcon } from "lucide-react";
import { type ReactNode, useId, useRef } from "react";
import {
  type AppTextKey,
  addExample,
  appTextError,
  canAddExample,
  EXAMPLES_FULL_MESSAGE,
  exampleError,
  removeExample,
  setAppText,
  type ToolTextKey,
  textMessage,
  toolTextError,
  updateExample,
} from "./texts-model.ts";

export type TextsPanelProps = {
  app: SavedApp;
  onChange: (next: SavedApp) => void;
  /** The tool whose input texts are edited: a single tool's one tool, or the generated app's open tool. */
  tool: Tool | null;
  onToolChange: (next: Tool) => void;
  kind: SavedAppKind;
  /** Keyed by the path in the saved app ("header", "tools.0.inputLabel"), or inside the tool. */
  errors: FieldMessages;
  warnings: FieldMessages;
  /** A generated app's tool editor: only that tool's texts, with its own title and description. */
  toolOnly?: boolean;
};

/**
 * App texts (a generated app's header and description) or Tool texts (a single tool's header,
 * description and the texts around its input: label, placeholder, welcome message, up to 3
 * examples, hidden and collapsed input). Every change goes out whole through `onChange` or
 * `onToolChange`; the builder saves.
 */
export function TextsPanel(props: TextsPanelProps) {
  const { app, kind, tool } = props;
  const id = useId();
  const isTool = kind === "tool";
  const messageOf = (key: string, forTool: boolean) =>
    textMessage(props.errors, { app, tool: forTool ? tool : null, key });
  const hintOf = (key: string, forTool: boolean, fallback?: string) =>
    textMessage(props.warnings, { app, tool: forTool ? tool : null, key }) ?? fallback;
  const appField = (key: AppTextKey) => appTextError(key, app[key]) ?? messageOf(key, false);

  if (props.toolOnly && tool)
    return (
      <div className="grid min-w-0 gap-4" data-testid="texts-panel">
        <Section title="Tool texts" description="What end users read on this tool's page.">
          <Field label="Title" htmlFor={`${id}-tool-title`} error={messageOf("title", true)}>
            <Input
              id={`${id}-tool-title`}
              value={tool.title}
              placeholder="e.g. Trip planner"
              onChange={(event) => props.onToolChange({ ...tool, title: event.target.value })}
              data-testid="texts-tool-title"
            />
          </Field>
          <Field
            label="Description"
            htmlFor={`${id}-tool-description`}
            error={messageOf("description", true)}
          >
            <Textarea
              id={`${id}-tool-description`}
              rows={3}
              value={tool.description}
              placeholder="What this tool does, in a sentence or two"
              onChange={(event) => props.onToolChange({ ...tool, description: event.target.value })}
              data-testid="texts-tool-description"
            />
          </Field>
          <ToolTexts {...props} tool={tool} messageOf={messageOf} hintOf={hintOf} />
        </Section>
      </div>
    );

  return (
    <div className="grid min-w-0 gap-4" data-testid="texts-panel">
      <Section
        title={isTool ? "Tool texts" : "App texts"}
        description={
          isTool
            ? "What end users read on your tool's page."
            : "The name and introduction of your app, above its tools."
        }
      >
        <Field
          label="Header"
          htmlFor={`${id}-header`}
          error={appField("header")}
          hint={hintOf("header", false)}
        >
          <Input
            id={`${id}-header`}
            value={app.header}
            placeholder={isTool ? "e.g. Recipe finder" : "e.g. Marketing toolbox"}
            onChange={(event) => props.onChange(setAppText(app, kind, "header", event.target.value))}
            data-testid="texts-header"
          />
        </Field>
        <Field
          label="Description"
          htmlFor={`${id}-description`}
          error={appField("description")}
          hint={hintOf("description", false)}
        >
          <Textarea
            id={`${id}-description`}
            rows={3}
            value={app.description}
            placeholder={
              isTool ? "What your tool does, in a sentence or two" : "What your app helps people do"
            }
            onChange={(event) => props.onChange(setAppText(app, kind, "description", event.target.value))}
            data-testid="texts-description"
          />
        </Field>
        {isTool && tool ? <ToolTexts {...props} tool={tool} messageOf={messageOf} hintOf={hintOf} /> : null}
      </Section>

      {!isTool && tool ? (
        <Section
          title="Tool texts"
          description={`The texts around the input of ${tool.title.trim() ? `"${tool.title.trim()}"` : "this tool"}.`}
        >
          <ToolTexts {...props} tool={tool} messageOf={messageOf} hintOf={hintOf} />
        </Section>
      ) : null}
    </div>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card className="grid gap-4 p-4" role="group" aria-labelledby={id}>
      <div className="grid gap-0.5">
        <h3 className="text-sm font-semibold" id={id}>
          {title}
        </h3>
        <p className="text-13 text-muted-foreground">{description}</p>
      </div>
      {children}
    </Card>
  );
}

const TOOL_TEXTS: { key: ToolTextKey; label: string; placeholder: string; hint: string; long?: boolean }[] = [
  {
    key: "inputLabel",
    label: "Input label",
    placeholder: "e.g. What would you like to cook?",
    hint: "The question above the input box.",
  },
  {
    key: "inputPlaceholder",
    label: "Input placeholder",
    placeholder: "e.g. Pasta with what's in my fridge",
    hint: "Grey text in the empty input box.",
  },
  {
    key: "welcomeMessage",
    label: "Welcome message",
    placeholder: "e.g. Tell me what you have and I'll suggest three recipes.",
    hint: "Shown before the first run.",
    long: true,
  },
];

function ToolTexts(
  props: TextsPanelProps & {
    tool: Tool;
    messageOf: (key: string, forTool: boolean) => string | undefined;
    hintOf: (key: string, forTool: boolean, fallback?: string) => string | undefined;
  },
) {
  const { tool, onToolChange, messageOf, hintOf } = props;
  const id = useId();
  const examplesRef = useRef<HTMLUListElement>(null);
  const examples = tool.examples;
  const canAdd = canAddExample(examples);

  const add = () => {
    onToolChange({ ...tool, examples: addExample(examples) });
    // The new example's box is the one to type in next.
    requestAnimationFrame(() => {
      const inputs = examplesRef.current?.querySelectorAll("input");
      inputs?.[inputs.length - 1]?.focus();
    });
  };

  return (
    <div className="grid gap-4">
      {TOOL_TEXTS.map(({ key, label, placeholder, hint, long }) => {
        const controlId = `${id}-${key}`;
        const control = {
          id: controlId,
          value: tool[key],
          placeholder,
          "data-testid": `texts-${key}`,
        };
        return (
          <Field
            key={key}
            label={label}
            htmlFor={controlId}
            error={toolTextError(key, tool[key]) ?? messageOf(key, true)}
            hint={hintOf(key, true, hint)}
          >
            {long ? (
              <Textarea
                {...control}
                rows={3}
                onChange={(event) => onToolChange({ ...tool, [key]: event.target.value })}
              />
            ) : (
              <Input
                {...control}
                onChange={(event) => onToolChange({ ...tool, [key]: event.target.value })}
              />
            )}
          </Field>
        );
      })}

      <fieldset className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <legend className="text-13 font-medium leading-5 text-neutral-800">Examples</legend>
          <span className="text-xs text-muted-foreground" data-testid="texts-examples-count">
            {examples.length} of {SAVED_APP_LIMITS.maxExamples}
          </span>
        </div>
        <p className="text-13 text-muted-foreground">End users click an example to fill in the input.</p>
        {examples.length > 0 ? (
          <ul ref={examplesRef} className="grid gap-2">
            {examples.map((example, index) => {
              const exampleId = `${id}-example-${index}`;
              const error = exampleError(example) ?? messageOf(`examples.${index}`, true);
              return (
                <li key={index} className="grid gap-1">
                  <div className="flex items-center gap-1.5">
                    <Input
                      id={exampleId}
                      aria-label={`Example ${index + 1}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${exampleId}-error` : undefined}
                      value={example}
                      placeholder="e.g. A quick vegetarian dinner for two"
                      onChange={(event) =>
                        onToolChange({
                          ...tool,
                          examples: updateExample(examples, index, event.target.value),
                        })
                      }
                      data-testid="texts-example"
                    />
                    <Button
                      variant="ghost"
                      size="icon"
                      className="shrink-0"
                      aria-label={`Remove example ${index + 1}`}
                      onClick={() => onToolChange({ ...tool, examples: removeExample(examples, index) })}
                      data-testid="texts-example-remove"
                    >
                      <XIcon />
                    </Button>
                  </div>
                  {error ? (
                    <p id={`${exampleId}-error`} role="alert" className="text-13 text-destructive-text">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        {messageOf("examples", true) ? (
          <p role="alert" className="text-13 text-destructive-text">
            {messageOf("examples", true)}
          </p>
        ) : null}
        <Tooltip content={canAdd ? null : EXAMPLES_FULL_MESSAGE}>
          <span
            className="w-fit rounded-md"
            tabIndex={canAdd ? undefined : 0}
            data-testid="texts-add-example-wrap"
          >
            <Button
              variant="outline"
              size="sm"
              disabled={!canAdd}
              onClick={add}
              data-testid="texts-add-example"
            >
              <PlusIcon />
              Add example
            </Button>
          </span>
        </Tooltip>
      </fieldset>

      <div className="grid gap-3">
        <ToggleRow
          id={`${id}-hidden`}
          label="Hide input"
          description="End users fill in only the custom fields, without the free-text input."
          checked={tool.isInputHidden}
          onChange={(checked) => onToolChange({ ...tool, isInputHidden: checked })}
          testId="texts-input-hidden"
        />
        <ToggleRow
          id={`${id}-collapsed`}
          label="Collapse input"
          description={
            tool.isInputHidden
              ? "The input is hidden, so there is nothing to collapse."
              : "The input starts folded; end users open it to type."
          }
          checked={tool.isInputCollapsed}
          disabled={tool.isInputHidden}
          onChange={(checked) => onToolChange({ ...tool, isInputCollapsed: checked })}
          testId="texts-input-collapsed"
        />
      </div>
    </div>
  );
}

function ToggleRow(props: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <Label htmlFor={props.id}>{props.label}</Label>
        <p className="text-13 text-muted-foreground" id={`${props.id}-description`}>
          {props.description}
        </p>
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${props.id}-description`}
        onCheckedChange={props.onChange}
        data-testid={props.testId}
      />
    </div>
  );
}

import {
  checkAddTool,
  GENERATED_APP_MESSAGES,
  SAVED_APP_TEXT_LIMITS,
  type Tool,
  type UpgradeReason,
} from "@liftoff/domain";
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Input,
  Switch,
} from "@liftoff/ui";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CheckIcon,
  CopyIcon,
  CrownIcon,
  PencilIcon,
  PlusIcon,
  RocketIcon,
  SparklesIcon,
  Trash2Icon,
  WrenchIcon,
  XIcon,
} from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { previewImageUrl } from "../../lib/tool-app-theme.ts";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import type { AppEditorProps } from "./editor-types.ts";
import {
  addTool,
  deleteTool,
  duplicateTool,
  moveTool,
  newToolId,
  setToolPath,
  type ToolsChange,
  toggleToolStatus,
  toolPagePath,
  toolsReferencing,
  UNTITLED_TOOL,
} from "./tools-model.ts";

export type ToolsPanelProps = AppEditorProps & {
  onOpenTool: (toolId: string) => void;
  onGenerateTool: () => void;
  /** The app's public slug, for the tool link in 'Activate Your Tool!'; without it the link shows its shape. */
  appSlug?: string | null;
};

/** A refusal shown above the list, with the upgrade button when a plan limit refused it. */
type Notice = { message: string; upgradeReason?: UpgradeReason };

const titleOf = (tool: Tool) => tool.title.trim() || UNTITLED_TOOL;

/**
 * The App tools panel of a generated app (spec sections 2, 4, 5 and 6): the tools with
 * their image, title, path, status and pro/credits badges; add, duplicate, delete,
 * reorder, the path edited in place and the draft/active switch. Every rule is the
 * domain's (tools-model wraps them); the panel never saves, it hands the next app to
 * `onChange`.
 */
export function ToolsPanel(props: ToolsPanelProps) {
  const { app, onChange, viewer, errors, warnings, onOpenTool, onGenerateTool, appSlug } = props;
  const upgrade = useUpgradeDialog();
  const tools = app.tools;
  const [notice, setNotice] = useState<Notice | null>(null);
  // The tool stays set while its dialog animates closed, so the text does not change under it.
  const [deleting, setDeleting] = useState<{ tool: Tool; open: boolean } | null>(null);
  const [activated, setActivated] = useState<{ tool: Tool; open: boolean } | null>(null);
  // 'Activate Your Tool!' is an introduction: shown the first time each tool goes live here.
  const introduced = useRef(new Set<string>());
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());

  const addCheck = checkAddTool({ toolCount: tools.length, plan: viewer.plan });

  /** Applies a change, or shows why it was refused (and the upgrade dialog for a plan limit). */
  function apply(change: ToolsChange): boolean {
    if (!change.ok) {
      setNotice({ message: change.message, upgradeReason: change.upgradeReason });
      // The live-tool limit opens the dialog at once (spec section 6); the others offer it.
      if (change.upgradeReason === "activated_tools_per_app_limit") upgrade.open(change.upgradeReason);
      return false;
    }
    setNotice(null);
    onChange({ ...app, tools: change.tools });
    if (change.activatedToolId && !introduced.current.has(change.activatedToolId)) {
      introduced.current.add(change.activatedToolId);
      const tool = change.tools.find((item) => item.toolId === change.activatedToolId);
      if (tool) setActivated({ tool, open: true });
    }
    return true;
  }

  function add() {
    apply(addTool(tools, { plan: viewer.plan, toolId: newToolId() }));
  }

  function move(tool: Tool, direction: -1 | 1) {
    const index = tools.findIndex((item) => item.toolId === tool.toolId);
    if (!apply(moveTool(tools, tool.toolId, direction))) return;
    // Keep the keyboard where it was: on the same arrow, or the other one at either end.
    const target = index + direction;
    const atEnd = direction === -1 ? target === 0 : target === tools.length - 1;
    const key = `${tool.toolId}:${atEnd ? -direction : direction}`;
    requestAnimationFrame(() => moveButtons.current.get(key)?.focus());
  }

  const toolErrors = errors.tools;

  return (
    <div className="grid gap-4" data-testid="tools-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 className="text-sm font-semibold">Tools</h3>
          <p className="text-13 text-muted-foreground">
            Each tool is a page of your app. Drafts are hidden from your users.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onGenerateTool} data-testid="tools-generate">
            <SparklesIcon />
            Generate a tool with AI
          </Button>
          <Button
            size="sm"
            onClick={add}
            disabled={!addCheck.ok}
            aria-describedby={addCheck.ok ? undefined : "tools-max-reached"}
            data-testid="tools-add"
          >
            <PlusIcon />
            Add a tool
          </Button>
        </div>
      </div>

      {addCheck.ok ? null : (
        <Alert
          tone="info"
          id="tools-max-reached"
          data-testid="tools-max-reached"
          action={
            <Button variant="outline" size="sm" onClick={() => upgrade.open(addCheck.upgradeReason)}>
              Upgrade plan
            </Button>
          }
        >
          {addCheck.message}
        </Alert>
      )}
      {notice ? (
        <Alert
          tone="error"
          data-testid="tools-notice"
          action={
            notice.upgradeReason ? (
              <Button variant="outline" size="sm" onClick={() => upgrade.open(notice.upgradeReason)}>
                Upgrade plan
              </Button>
            ) : null
          }
        >
          {notice.message}
        </Alert>
      ) : null}
      {toolErrors ? <Alert tone="error">{toolErrors}</Alert> : null}

      {tools.length === 0 ? (
        <EmptyState
          icon={WrenchIcon}
          title="No tools yet"
          description="Add a tool and set it up, or describe one in a sentence and let the AI write it."
          action={
            <>
              <Button variant="outline" onClick={onGenerateTool}>
                <SparklesIcon />
                Generate a tool with AI
              </Button>
              <Button onClick={add} disabled={!addCheck.ok}>
                <PlusIcon />
                Add a tool
              </Button>
            </>
          }
        />
      ) : (
        <ol className="grid gap-2" aria-label="Tools of this app">
          {tools.map((tool, index) => (
            <ToolRow
              key={tool.toolId}
              tool={tool}
              index={index}
              count={tools.length}
              errors={errors}
              warnings={warnings}
              onOpen={() => onOpenTool(tool.toolId)}
              onToggle={() => apply(toggleToolStatus(tools, tool.toolId, viewer.plan))}
              onMove={(direction) => move(tool, direction)}
              onDuplicate={() =>
                apply(
                  duplicateTool(tools, tool.toolId, {
                    plan: viewer.plan,
                    newToolId: newToolId(),
                    isAdmin: viewer.isAdmin,
                    appCreditsPerRun: app.settings.creditsPerRun,
                  }),
                )
              }
              onDelete={() => setDeleting({ tool, open: true })}
              onPath={(path) => setToolPath(tools, tool.toolId, path)}
              onApply={apply}
              moveButtonRef={(direction, element) => {
                const key = `${tool.toolId}:${direction}`;
                if (element) moveButtons.current.set(key, element);
                else moveButtons.current.delete(key);
              }}
            />
          ))}
        </ol>
      )}

      <ConfirmDialog
        open={deleting?.open ?? false}
        onOpenChange={(open) => setDeleting((current) => (current ? { ...current, open } : null))}
        title={`Delete “${deleting ? titleOf(deleting.tool) : ""}”?`}
        description={deleting ? deleteDescription(tools, deleting.tool) : undefined}
        confirmLabel="Delete tool"
        destructive
        onConfirm={() => {
          if (deleting) apply(deleteTool(tools, deleting.tool.toolId));
        }}
      />

      <ActivateToolDialog
        tool={activated?.tool ?? null}
        open={activated?.open ?? false}
        appSlug={appSlug ?? null}
        onClose={() => setActivated((current) => (current ? { ...current, open: false } : null))}
      />
    </div>
  );
}

function deleteDescription(tools: readonly Tool[], tool: Tool): string {
  const users = toolsReferencing(tools, tool.toolId);
  const base = "Its fields, instructions and results layout are removed with it.";
  if (users.length === 0) return base;
  const names = users.map((user) => `“${titleOf(user)}”`).join(", ");
  return `${base} Item fields of ${names} offer this tool's items and will need another tool.`;
}

type ToolRowProps = {
  tool: Tool;
  index: number;
  count: number;
  errors: AppEditorProps["errors"];
  warnings: AppEditorProps["warnings"];
  onOpen: () => void;
  onToggle: () => void;
  onMove: (direction: -1 | 1) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  /** Checks a new path; the row applies it through onApply or shows the refusal. */
  onPath: (path: string) => ToolsChange;
  onApply: (change: ToolsChange) => boolean;
  moveButtonRef: (direction: -1 | 1, element: HTMLButtonElement | null) => void;
};

function ToolRow({
  tool,
  index,
  count,
  errors,
  warnings,
  onOpen,
  onToggle,
  onMove,
  onDuplicate,
  onDelete,
  onPath,
  onApply,
  moveButtonRef,
}: ToolRowProps) {
  const title = titleOf(tool);
  const image = previewImageUrl(tool.imageUrl);
  const at = `tools.${index}`;
  const switchId = `tool-status-${tool.toolId}`;
  const rowErrors = [errors[`${at}.status`], errors[`${at}.path`], errors[`${at}.toolId`]].filter(
    (message): message is string => Boolean(message),
  );
  // Problems inside the tool (fields, prompt, blocks…) are fixed in its own panels.
  const innerProblems = Object.keys(errors).filter(
    (key) => key.startsWith(`${at}.`) && ![`${at}.status`, `${at}.path`, `${at}.toolId`].includes(key),
  ).length;
  const innerWarnings = Object.keys(warnings).filter((key) => key.startsWith(`${at}.`)).length;

  return (
    <li
      className="grid gap-3 rounded-xl border border-border bg-background p-3"
      data-testid="tools-row"
      data-tool-id={tool.toolId}
    >
      <div className="flex min-w-0 items-start gap-3">
        <div className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-muted">
          {image ? (
            <img src={image} alt="" referrerPolicy="no-referrer" className="size-full object-cover" />
          ) : (
            <WrenchIcon className="size-4 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-1">
          <button
            type="button"
            onClick={onOpen}
            className="w-fit max-w-full truncate rounded text-left text-sm font-medium hover:underline"
            data-testid="tools-open"
          >
            <span className={tool.title.trim() ? undefined : "text-muted-foreground italic"}>{title}</span>
            <span className="sr-only">, open this tool</span>
          </button>
          <PathEditor tool={tool} title={title} onPath={onPath} onApply={onApply} />
          <div className="flex flex-wrap gap-1.5">
            <Badge
              variant={tool.status === "active" ? "success" : "secondary"}
              data-testid="tools-status-badge"
            >
              {tool.status === "active" ? "Active" : "Draft"}
            </Badge>
            {tool.isProTool ? (
              <Badge variant="warning">
                <CrownIcon aria-hidden />
                Pro
              </Badge>
            ) : null}
            <Badge variant="outline">
              {tool.creditsPerRun === 1 ? "1 credit" : `${tool.creditsPerRun} credits`} per run
            </Badge>
          </div>
        </div>
      </div>

      {rowErrors.map((message) => (
        <p key={message} role="alert" className="text-13 leading-5 text-destructive-text">
          {message}
        </p>
      ))}
      {innerProblems > 0 || innerWarnings > 0 ? (
        <p className="text-13 leading-5 text-muted-foreground">
          {innerProblems > 0
            ? `${innerProblems === 1 ? "1 problem" : `${innerProblems} problems`} to fix inside this tool.`
            : `${innerWarnings === 1 ? "1 warning" : `${innerWarnings} warnings`} inside this tool.`}{" "}
          <button type="button" className="font-medium text-primary hover:underline" onClick={onOpen}>
            Open it
          </button>
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-2">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={tool.status === "active"}
            onCheckedChange={onToggle}
            aria-label={`${title}: active`}
            data-testid="tools-status"
          />
          <label htmlFor={switchId} className="text-13 text-muted-foreground" aria-hidden>
            {tool.status === "active" ? "Active" : "Draft"}
          </label>
        </div>
        <div className="flex items-center gap-0.5">
          <Button
            ref={(element) => moveButtonRef(-1, element)}
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move ${title} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
            data-testid="tools-move-up"
          >
            <ArrowUpIcon />
          </Button>
          <Button
            ref={(element) => moveButtonRef(1, element)}
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move ${title} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            data-testid="tools-move-down"
          >
            <ArrowDownIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Duplicate ${title}`}
            onClick={onDuplicate}
            data-testid="tools-duplicate"
          >
            <CopyIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive-text hover:text-destructive-text"
            aria-label={`Delete ${title}`}
            onClick={onDelete}
            data-testid="tools-delete"
          >
            <Trash2Icon />
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The tool's path, edited in place: Enter or Save applies, Escape or Cancel leaves it. */
function PathEditor({
  tool,
  title,
  onPath,
  onApply,
}: {
  tool: Tool;
  title: string;
  onPath: (path: string) => ToolsChange;
  onApply: (change: ToolsChange) => boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = `tool-path-${tool.toolId}`;
  const errorId = `${inputId}-error`;
  const editButton = useRef<HTMLButtonElement>(null);

  function close() {
    setDraft(null);
    setError(null);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  function save() {
    if (draft === null) return;
    const change = onPath(draft);
    if (!change.ok) {
      setError(change.message);
      return;
    }
    onApply(change);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  }

  if (draft === null) {
    return (
      <div className="flex min-w-0 items-center gap-1">
        <span className="truncate font-mono text-xs text-muted-foreground" data-testid="tools-path">
          /tool/{tool.path}
        </span>
        <Button
          ref={editButton}
          variant="ghost"
          size="icon"
          className="size-6 [&_svg]:size-3.5"
          aria-label={`Edit the path of ${title}`}
          onClick={() => setDraft(tool.path)}
          data-testid="tools-path-edit"
        >
          <PencilIcon />
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1">
        <label htmlFor={inputId} className="sr-only">
          Path of {title}
        </label>
        <span className="font-mono text-xs text-muted-foreground" aria-hidden>
          /tool/
        </span>
        <Input
          id={inputId}
          value={draft}
          // The builder just asked to edit this path: the input takes the focus.
          autoFocus
          maxLength={SAVED_APP_TEXT_LIMITS.path}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          className="h-8 min-w-0 flex-1 font-mono text-xs"
          data-testid="tools-path-input"
        />
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Save path"
          onClick={save}
          data-testid="tools-path-save"
        >
          <CheckIcon />
        </Button>
        <Button variant="ghost" size="icon" className="size-8" aria-label="Cancel" onClick={close}>
          <XIcon />
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-13 leading-5 text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** 'Activate Your Tool!' (spec section 2): the tool is live for the app's users, at its link. */
function ActivateToolDialog({
  tool,
  open,
  appSlug,
  onClose,
}: {
  tool: Tool | null;
  open: boolean;
  appSlug: string | null;
  onClose: () => void;
}) {
  const link = tool
    ? appSlug
      ? toolPagePath(appSlug, tool.path)
      : `/app/{your-app}/tool/${encodeURIComponent(tool.path)}`
    : "";
  return (
    <Dialog
      open={open && tool !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent size="sm" data-testid="activate-tool-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <RocketIcon className="size-5 text-primary" aria-hidden />
            {GENERATED_APP_MESSAGES.activateToolDialogTitle}
          </DialogTitle>
          <DialogDescription>
            “{tool ? titleOf(tool) : ""}” is now active: once your app is published, its users can open it and
            run it. Put it back in draft to hide it again.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1">
          <p className="text-13 font-medium">Its link</p>
          <code
            className="block break-all rounded-md bg-muted px-2.5 py-1.5 font-mono text-xs"
            data-testid="activate-tool-link"
          >
            {link}
          </code>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

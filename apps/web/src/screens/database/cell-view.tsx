import { type EntityColumn, GRID, parseJsonCell } from "@liftoff/domain";
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Textarea,
} from "@liftoff/ui";
import { CheckIcon, ImageOffIcon, XIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  booleanCellValue,
  cellText,
  chipsThatFit,
  formatDateTime,
  fromDateTimeLocal,
  parseNumberInput,
  splitChips,
  toDateTimeLocal,
} from "./grid-model.ts";
import { useUserEmails } from "./user-emails.tsx";

function Chip({ label, color }: { label: string; color?: string | undefined }) {
  return (
    <span
      className="inline-flex h-6 max-w-full shrink-0 items-center truncate rounded-full px-2 text-xs font-medium text-neutral-800"
      style={{ backgroundColor: color ?? "#f3f4f6" }}
    >
      <span className="truncate">{label}</span>
    </span>
  );
}

function colorOf(column: EntityColumn, label: string): string | undefined {
  return column.options?.find((option) => option.label === label)?.backgroundColor;
}

function ImageCell({ url }: { url: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="flex min-w-0 items-center gap-2">
      {broken ? (
        <span className="flex size-7 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground">
          <ImageOffIcon className="size-3.5" aria-hidden />
        </span>
      ) : (
        <img
          src={url}
          alt=""
          loading="lazy"
          className="size-7 shrink-0 rounded border border-border object-cover"
          onError={() => setBroken(true)}
        />
      )}
      <span className="truncate text-muted-foreground">{url}</span>
    </span>
  );
}

/** What a cell shows, by its column's data type (spec section 3 "Column data types"). */
export function CellDisplay({
  column,
  value,
  width,
  onToggle,
}: {
  column: EntityColumn;
  value: unknown;
  width: number;
  /** Boolean cells toggle in place. */
  onToggle?: (next: boolean) => void;
}) {
  const userEmails = useUserEmails();
  if (column.dataType === "boolean") {
    return (
      <input
        type="checkbox"
        className="size-4 accent-(--color-primary)"
        checked={booleanCellValue(value)}
        disabled={column.readOnly || !onToggle}
        aria-label={column.label}
        // Not a Tab stop of its own: the grid's cell holds focus and Enter or Space toggles.
        tabIndex={-1}
        onChange={(event) => onToggle?.(event.target.checked)}
        onClick={(event) => event.stopPropagation()}
      />
    );
  }
  if (value === undefined || value === null || value === "") return null;
  switch (column.dataType) {
    case "image":
      return typeof value === "string" ? <ImageCell url={value} /> : <span>{cellText(value)}</span>;
    case "datetime":
      return <span className="truncate tabular-nums">{formatDateTime(value)}</span>;
    case "select": {
      const label = cellText(value);
      return <Chip label={label} color={colorOf(column, label)} />;
    }
    case "multiselect": {
      const { visible, overflow } = splitChips(value, chipsThatFit(width));
      return (
        <span className="flex min-w-0 items-center gap-1 overflow-hidden">
          {visible.map((label) => (
            <Chip key={label} label={label} color={colorOf(column, label)} />
          ))}
          {overflow > 0 ? (
            <span className="shrink-0 text-xs font-medium text-muted-foreground">+{overflow}</span>
          ) : null}
        </span>
      );
    }
    case "json":
      return <span className="truncate font-mono text-xs text-neutral-700">{cellText(value)}</span>;
    case "number":
      return <span className="truncate tabular-nums">{cellText(value)}</span>;
    default: {
      // A user id (the creator, or a field holding one) reads as the person's e-mail; the
      // id stays in the tooltip. Ids are random UUIDs, so an exact match is a reference.
      const email = typeof value === "string" && column.key !== "id" ? userEmails.get(value) : undefined;
      if (email)
        return (
          <span className="truncate" title={value as string} data-testid="user-email-cell">
            {email}
          </span>
        );
      return (
        <span
          className={cn(
            "truncate",
            column.key === "id" || column.key === "creatorId" ? "font-mono text-xs" : "",
          )}
        >
          {cellText(value)}
        </span>
      );
    }
  }
}

/**
 * The in-place editor of text, image, number and datetime cells (spec section 5): Enter
 * saves only when the text is non-empty, Escape (or leaving the cell) cancels. `onCancel`
 * is told whether focus goes back to the cell: after Escape yes, after a click elsewhere no.
 */
export function InlineEditor({
  column,
  value,
  onCommit,
  onCancel,
}: {
  column: EntityColumn;
  value: unknown;
  onCommit: (value: unknown) => void;
  onCancel: (refocus: boolean) => void;
}) {
  const kind = column.dataType === "number" ? "number" : column.dataType === "datetime" ? "datetime" : "text";
  const [text, setText] = useState(kind === "datetime" ? toDateTimeLocal(value) : cellText(value));
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select?.();
  }, []);
  const atMax = column.maxLength !== undefined && text.length >= column.maxLength;

  function commit() {
    if (text.trim() === "") return;
    if (kind === "number") {
      const number = parseNumberInput(text);
      if (number !== null) onCommit(number);
      return;
    }
    if (kind === "datetime") {
      const iso = fromDateTimeLocal(text);
      if (iso) onCommit(iso);
      return;
    }
    onCommit(text);
  }

  return (
    <div className="absolute inset-0 z-10">
      <input
        ref={ref}
        data-testid="db-cell-editor"
        type={kind === "number" ? "number" : kind === "datetime" ? "datetime-local" : "text"}
        step={kind === "number" ? "any" : undefined}
        value={text}
        maxLength={column.maxLength}
        aria-label={`Edit ${column.label}`}
        className="size-full border-2 border-ring bg-background px-2.5 text-sm focus-ring-inset"
        onChange={(event) => setText(event.target.value)}
        onBlur={() => onCancel(false)}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          } else if (event.key === "Escape") {
            event.preventDefault();
            onCancel(true);
          }
        }}
      />
      {atMax ? (
        <p
          className="absolute top-full left-0 mt-1 whitespace-nowrap rounded-md bg-neutral-900 px-2 py-1 text-xs text-white shadow-md"
          role="status"
          data-testid="db-max-length"
        >
          {column.maxLength} characters max
        </p>
      ) : null}
    </div>
  );
}

/**
 * The select / multiselect picker; the popup is at most 400 px high (spec section 9).
 * `onClose` when it is asked to close, `onClosed` once it is gone (focus can go back then).
 */
export function OptionsMenu({
  column,
  value,
  onCommit,
  onClose,
  onClosed,
}: {
  column: EntityColumn;
  value: unknown;
  onCommit: (value: unknown) => void;
  onClose: () => void;
  onClosed: () => void;
}) {
  const multi = column.dataType === "multiselect";
  const selected = multi ? (Array.isArray(value) ? value.map(cellText) : []) : [cellText(value)];
  return (
    <DropdownMenu open onOpenChange={(open) => (open ? null : onClose())}>
      <DropdownMenuTrigger asChild>
        <span className="absolute inset-0" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="overflow-y-auto"
        // Focus goes back to the cell, not to the menu's invisible anchor.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
        style={{ maxHeight: GRID.selectPopupMaxHeight }}
        data-testid="db-options-menu"
      >
        {(column.options ?? []).map((option) => {
          const isOn = selected.includes(option.label);
          return (
            <DropdownMenuItem
              key={option.label}
              data-testid="db-option"
              onSelect={(event) => {
                if (multi) {
                  event.preventDefault();
                  const next = isOn
                    ? selected.filter((s) => s !== option.label)
                    : [...selected, option.label];
                  // Keep the schema's order of options.
                  onCommit(
                    (column.options ?? []).map((o) => o.label).filter((label) => next.includes(label)),
                  );
                } else onCommit(option.label);
              }}
            >
              <span className="flex size-4 items-center justify-center">
                {isOn ? <CheckIcon className="text-foreground!" /> : null}
              </span>
              <Chip label={option.label} color={option.backgroundColor} />
            </DropdownMenuItem>
          );
        })}
        {!column.required && selected.some((s) => s !== "") ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onCommit(multi ? [] : null)}>
              <XIcon />
              Clear
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The dialog editor of long text (over 50 characters or with a line break). */
export function TextDialog({
  column,
  value,
  onSave,
  onClose,
}: {
  column: EntityColumn;
  value: unknown;
  onSave: (value: unknown) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(cellText(value));
  const atMax = column.maxLength !== undefined && text.length >= column.maxLength;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="md" data-testid="db-text-dialog">
        <DialogHeader>
          <DialogTitle>Edit {column.label}</DialogTitle>
          <DialogDescription>Long text and text with line breaks are edited here.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Textarea
            value={text}
            rows={8}
            maxLength={column.maxLength}
            aria-label={column.label}
            data-testid="db-text-editor"
            onChange={(event) => setText(event.target.value)}
            autoFocus
          />
          {atMax ? <p className="text-13 text-warning-text">{column.maxLength} characters max</p> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button data-testid="db-text-save" onClick={() => onSave(text === "" ? null : text)}>
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The JSON dialog editor (spec section 5): 'Invalid JSON: {parser message}'; empty saves null. */
export function JsonDialog({
  column,
  value,
  onSave,
  onClose,
}: {
  column: EntityColumn;
  value: unknown;
  onSave: (value: unknown) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(
    value === undefined || value === null ? "" : JSON.stringify(value, null, 2),
  );
  const [error, setError] = useState<string | null>(null);
  function save() {
    const parsed = parseJsonCell(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    onSave(parsed.value);
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="md" data-testid="db-json-dialog">
        <DialogHeader>
          <DialogTitle>Edit {column.label}</DialogTitle>
          <DialogDescription>JSON value. Leave it empty to clear the field.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Textarea
            value={text}
            rows={10}
            spellCheck={false}
            aria-label={column.label}
            aria-invalid={error ? true : undefined}
            data-testid="db-json-editor"
            className="font-mono text-13"
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) save();
            }}
            autoFocus
          />
          {error ? (
            <p role="alert" className="text-13 text-destructive-text" data-testid="db-json-error">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button data-testid="db-json-save" onClick={save}>
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { CheckIcon, ChevronDownIcon, ChevronUpIcon } from "lucide-react";
import { Select as SelectPrimitive } from "radix-ui";
import {
  type ComponentProps,
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { cn } from "../lib/cn.ts";
import { inputClasses } from "./input.tsx";

// shadcn's Select API (Select, SelectTrigger, SelectValue, SelectContent, SelectItem, …) on
// Radix, in the kit's look: the trigger matches Input, the list matches DropdownMenu.

/**
 * The trigger's id, for the list to be labelled by. Radix leaves the open listbox unnamed, and
 * ARIA requires a listbox to have a name: without one a screen reader announces just "list
 * box" (and axe reports it). The list takes the trigger's name ("Main page") unless given its own.
 */
const TriggerIdContext = createContext<{ id: string; setId: (id: string) => void } | null>(null);

export function Select(props: ComponentProps<typeof SelectPrimitive.Root>) {
  const fallbackId = useId();
  const [id, setId] = useState(fallbackId);
  return (
    <TriggerIdContext.Provider value={{ id, setId }}>
      <SelectPrimitive.Root {...props} />
    </TriggerIdContext.Provider>
  );
}
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  className,
  children,
  size = "default",
  id,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger> & { size?: "sm" | "default" }) {
  const triggerId = useContext(TriggerIdContext);
  const setTriggerId = triggerId?.setId;
  // An id of the caller's (one a <Label htmlFor> points at) is the one the list refers to.
  useEffect(() => {
    if (id) setTriggerId?.(id);
  }, [id, setTriggerId]);
  return (
    <SelectPrimitive.Trigger
      id={id ?? triggerId?.id}
      data-size={size}
      className={cn(
        inputClasses,
        "items-center justify-between gap-2 whitespace-nowrap text-left data-[size=sm]:h-8",
        "data-[placeholder]:text-muted-foreground [&>span]:line-clamp-1 [&>span]:min-w-0",
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDownIcon className="size-4 text-muted-foreground" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectScrollUpButton({
  className,
  ...props
}: ComponentProps<typeof SelectPrimitive.ScrollUpButton>) {
  return (
    <SelectPrimitive.ScrollUpButton
      className={cn("flex cursor-default items-center justify-center py-1", className)}
      {...props}
    >
      <ChevronUpIcon className="size-4" />
    </SelectPrimitive.ScrollUpButton>
  );
}

export function SelectScrollDownButton({
  className,
  ...props
}: ComponentProps<typeof SelectPrimitive.ScrollDownButton>) {
  return (
    <SelectPrimitive.ScrollDownButton
      className={cn("flex cursor-default items-center justify-center py-1", className)}
      {...props}
    >
      <ChevronDownIcon className="size-4" />
    </SelectPrimitive.ScrollDownButton>
  );
}

/**
 * While the list is open, Radix hides the rest of the page from assistive technology
 * (aria-hidden on everything beside the path to the list) and keeps focus in it, but the controls
 * behind stay focusable in the accessibility tree's eyes: focusable content under
 * aria-hidden (axe aria-hidden-focus, WCAG 4.1.2). This makes exactly those hidden
 * siblings `inert` too while the list is open, so nothing behind it can take focus or
 * be announced. Rendered inside the open content, it mounts and unmounts with the list.
 * Radix marks the siblings in an effect of the content, which runs after this child's
 * effects, hence the frame's delay; `inert` is lifted in a layout cleanup, before Radix
 * returns focus to the trigger (a focus call on an inert element would be ignored).
 */
function InertBehindList() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    // Radix also renders the content's children, closed, into a detached fragment (to
    // collect the items): nothing to do there.
    if (!marker.current?.isConnected) return;
    const made: Element[] = [];
    const frame = requestAnimationFrame(() => {
      // Radix's hideOthers marks what it hides with data-aria-hidden (siblings along the
      // whole path to the list, not only the body's children).
      for (const element of document.querySelectorAll('[data-aria-hidden="true"][aria-hidden="true"]')) {
        if (!element.hasAttribute("inert")) {
          element.setAttribute("inert", "");
          made.push(element);
        }
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      for (const element of made) element.removeAttribute("inert");
    };
  }, []);
  return <span ref={marker} hidden />;
}

export function SelectContent({
  className,
  children,
  position = "popper",
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  const triggerId = useContext(TriggerIdContext)?.id;
  const named = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        aria-labelledby={named ? undefined : triggerId}
        className={cn(
          "relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-x-hidden overflow-y-auto",
          "rounded-lg border border-border bg-popover text-popover-foreground shadow-lg focus-ring-delegated",
          "origin-(--radix-select-content-transform-origin) data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out",
          position === "popper" &&
            "w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1",
          className,
        )}
        {...props}
      >
        <InertBehindList />
        <SelectScrollUpButton />
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
        <SelectScrollDownButton />
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectLabel({ className, ...props }: ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      className={cn("px-2 py-1.5 text-xs font-medium text-muted-foreground", className)}
      {...props}
    />
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        "relative flex w-full cursor-default items-center gap-2 rounded-md py-1.5 pr-8 pl-2 text-sm select-none focus-ring-inset",
        "data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground",
        "data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    >
      <span className="absolute right-2 flex size-3.5 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <CheckIcon className="size-4 text-primary" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

export function SelectSeparator({ className, ...props }: ComponentProps<typeof SelectPrimitive.Separator>) {
  return (
    <SelectPrimitive.Separator
      className={cn("pointer-events-none -mx-1 my-1 h-px bg-border", className)}
      {...props}
    />
  );
}

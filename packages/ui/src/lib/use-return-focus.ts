import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Who opened the dialog: the element focused when it mounted. A menu item counts as its
 * menu's trigger, because the menu (and the item with it) is gone by the time the dialog
 * closes; Radix names the menu by its trigger (aria-labelledby), which stays.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"][aria-labelledby]');
  const trigger = menu ? document.getElementById(menu.getAttribute("aria-labelledby") ?? "") : null;
  return trigger ?? active;
}

function ancestorsOf(element: HTMLElement | null): HTMLElement[] {
  const chain: HTMLElement[] = [];
  for (let node = element?.parentElement ?? null; node && node !== document.body; node = node.parentElement)
    chain.push(node);
  return chain;
}

function isVisible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

/**
 * Where focus goes back to: the opener while it is on the page; else (a deleted row, a
 * screen that re-rendered its list) the first focusable element left in its nearest
 * surviving ancestor, so keyboard users go on from where they were, not from the top.
 */
function returnTarget(opener: HTMLElement | null, ancestors: HTMLElement[]): HTMLElement | null {
  if (opener?.isConnected && isVisible(opener)) return opener;
  const survivor = ancestors.find((node) => node.isConnected);
  if (!survivor) return null;
  return [...survivor.querySelectorAll<HTMLElement>(TABBABLE)].find(isVisible) ?? null;
}

/**
 * Focus back to what opened a dialog, sheet or popover when it closes (WCAG 2.4.3). Radix
 * returns focus only to its own Trigger; a dialog opened from a button's onClick, a menu
 * item or an anchor has none, and focus fell to the page body. Pass the caller's own
 * handlers through: one that calls preventDefault keeps its own focus choice.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: AutoFocusHandler;
  onCloseAutoFocus?: AutoFocusHandler;
}): { onOpenAutoFocus: AutoFocusHandler; onCloseAutoFocus: AutoFocusHandler } {
  const opener = useRef<HTMLElement | null>(null);
  const ancestors = useRef<HTMLElement[]>([]);
  return {
    onOpenAutoFocus: (event) => {
      // Runs before Radix moves focus into the content, so activeElement is still the opener.
      opener.current = openerOf(document.activeElement);
      ancestors.current = ancestorsOf(opener.current);
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = returnTarget(opener.current, ancestors.current);
      opener.current = null;
      ancestors.current = [];
      if (!target) return;
      // Radix would focus its Trigger (or nothing): this replaces that.
      event.preventDefault();
      target.focus();
    },
  };
}

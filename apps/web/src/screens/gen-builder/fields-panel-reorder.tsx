import { Button } from "@liftoff/ui";
import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";

/**
 * Up and down buttons of one item in a list (fields, options, steps). After a move, focus
 * follows the item to its new place, so a keyboard user can press the same button again
 * to keep moving it; at the top or bottom it lands on the other button.
 */
export function ReorderButtons({
  group,
  index,
  count,
  itemLabel,
  onMove,
}: {
  /** Unique among the lists on screen; names the buttons for focus-following. */
  group: string;
  index: number;
  count: number;
  /** Read out as "Move {itemLabel} up". */
  itemLabel: string;
  onMove: (delta: -1 | 1) => void;
}) {
  function move(delta: -1 | 1) {
    onMove(delta);
    const target = index + delta;
    const atEdge = target === 0 || target === count - 1;
    const direction = atEdge ? (delta === -1 ? "down" : "up") : delta === -1 ? "up" : "down";
    // After React renders the moved list.
    setTimeout(() => {
      document.querySelector<HTMLButtonElement>(`[data-reorder="${group}:${target}:${direction}"]`)?.focus();
    }, 0);
  }
  return (
    <div className="flex shrink-0 items-center">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move ${itemLabel} up`}
        disabled={index === 0}
        data-reorder={`${group}:${index}:up`}
        onClick={() => move(-1)}
      >
        <ArrowUpIcon />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move ${itemLabel} down`}
        disabled={index === count - 1}
        data-reorder={`${group}:${index}:down`}
        onClick={() => move(1)}
      >
        <ArrowDownIcon />
      </Button>
    </div>
  );
}

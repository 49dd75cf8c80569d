export {
  TooltipContent,
  TooltipProvider,
  TooltipRoot as Tooltip,
  TooltipTrigger,
} from "../../../ui/src/components/tooltip.tsx";

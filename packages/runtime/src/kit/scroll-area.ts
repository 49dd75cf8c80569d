export { ScrollArea, ScrollBar } from "../../../ui/src/components/scroll-area.tsx";

export { Separator } from "../../../ui/src/components/separator.tsx";

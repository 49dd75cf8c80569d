export { Textarea } from "../../../ui/src/components/textarea.tsx";

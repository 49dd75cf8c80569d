export { Checkbox } from "../../../ui/src/components/checkbox.tsx";

export { Label } from "../../../ui/src/components/label.tsx";

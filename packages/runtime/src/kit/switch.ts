export { Switch } from "../../../ui/src/components/switch.tsx";

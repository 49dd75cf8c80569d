export { Input } from "../../../ui/src/components/input.tsx";

export { Progress } from "../../../ui/src/components/progress.tsx";

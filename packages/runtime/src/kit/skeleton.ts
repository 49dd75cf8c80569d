export { Skeleton } from "../../../ui/src/components/skeleton.tsx";

export { Badge, badgeVariants } from "../../../ui/src/components/badge.tsx";

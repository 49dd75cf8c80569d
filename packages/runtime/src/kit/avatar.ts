// shadcn's composable Avatar; the kit's one-piece Avatar({name, src}) stays the builder's.
export { AvatarFallback, AvatarImage, AvatarRoot as Avatar } from "../../../ui/src/components/avatar.tsx";

export { Button, buttonVariants } from "../../../ui/src/components/button.tsx";

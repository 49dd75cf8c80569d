// shadcn's older toast API (`toast({title, description, variant})`, `useToast`) on sonner.
export { Toaster } from "../../../ui/src/components/toaster.tsx";
export { showToast as toast, useToast } from "../../../ui/src/components/use-toast.ts";

export { Toaster } from "../../../ui/src/components/toaster.tsx";
export { showToast as toast } from "../../../ui/src/components/use-toast.ts";

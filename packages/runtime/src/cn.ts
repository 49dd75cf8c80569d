// The kit's class joiner, so app code and kit components merge classes the same way.
export { cn } from "../../ui/src/lib/cn.ts";

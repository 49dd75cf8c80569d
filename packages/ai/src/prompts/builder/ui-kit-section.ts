import { KIT_COMPONENTS, VENDOR_SPECIFIERS } from "@liftoff/domain";

const PACKAGES = VENDOR_SPECIFIERS.filter((name) => name !== "@liftoff/runtime" && !name.includes("/"));

/** What code may import (system prompt, section 5), from the same lists the compiler uses. */
export const UI_KIT_SECTION = `## What you can import

Packages (nothing else is installed): ${PACKAGES.join(", ")}, plus react/jsx-runtime,
react-dom/client.
- Icons: named imports from "lucide-react" (real icon names only, e.g. Plus, Trash2, Pencil,
  Check, X, Search, Calendar, User, Settings, ChevronRight, LogIn, LogOut, Loader2).
- Toasts: import { toast } from "sonner"; toast.success("Saved").
- Charts: recharts (ResponsiveContainer, BarChart, LineChart, PieChart …). Dates: date-fns.

UI components (shadcn/ui API), import from "@/components/ui/<name>":
${KIT_COMPONENTS.join(", ")}.
For example: import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogFooter } from "@/components/ui/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
Class names: import { cn } from "@/lib/utils". Style with Tailwind classes.`;

import { Badge } from "@/components/ui/badge";
import { contactStatusMeta, stageMeta } from "@/services/crm";

export function ContactStatusBadge({ status }) {
  const meta = contactStatusMeta(status);
  return (
    <Badge variant="outline" className={meta.className}>
      {meta.label}
    </Badge>
  );
}

export function StageBadge({ stage }) {
  const meta = stageMeta(stage);
  return (
    <Badge variant="outline" className="gap-1.5 bg-background font-medium">
      <span className="h-2 w-2 rounded-full" style={{ background: meta.color }} />
      {meta.label}
    </Badge>
  );
}

import { Badge } from "@/components/ui/badge";
import { STATUS_STYLES } from "@/services/booking";

export default function StatusBadge({ status }) {
  const style = STATUS_STYLES[status] ?? STATUS_STYLES.confirmed;
  return (
    <Badge variant="outline" className={style.className}>
      {style.label}
    </Badge>
  );
}

import type { CustomFieldType } from "@liftoff/domain";
import {
  AlignLeftIcon,
  BoxesIcon,
  CameraIcon,
  CircleDotIcon,
  ListChecksIcon,
  type LucideIcon,
  MailIcon,
  MapPinIcon,
  RulerIcon,
  TypeIcon,
  WeightIcon,
} from "lucide-react";

const ICONS: Record<CustomFieldType, LucideIcon> = {
  text: TypeIcon,
  long_text: AlignLeftIcon,
  select: CircleDotIcon,
  multiselect: ListChecksIcon,
  email: MailIcon,
  place: MapPinIcon,
  photo: CameraIcon,
  height: RulerIcon,
  weight: WeightIcon,
  tool_item_select: BoxesIcon,
};

/** The icon of a field type; decorative, the type's name is always written beside it. */
export function FieldTypeIcon({ type, className }: { type: CustomFieldType; className?: string }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden="true" className={className ?? "size-4"} />;
}

// shadcn's Alert is the kit's Callout (the caller places the icon and the title/description parts).
export {
  Callout as Alert,
  CalloutDescription as AlertDescription,
  CalloutTitle as AlertTitle,
  calloutVariants as alertVariants,
} from "../../../ui/src/components/callout.tsx";

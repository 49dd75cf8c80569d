export { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/src/components/tabs.tsx";

export { Calendar, CalendarDayButton } from "../../../ui/src/components/calendar.tsx";

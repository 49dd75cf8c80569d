import { addDays, addMinutes, format, isBefore, parse, parseISO, startOfDay } from "date-fns";

/** Opening hours: slots every 30 minutes from 09:00, the last one ending by 19:00. */
const OPEN = "09:00";
const CLOSE = "19:00";
const STEP_MINUTES = 30;

export function timeSlots(date, durationMinutes = 60) {
  const day = format(date, "yyyy-MM-dd");
  const close = parse(`${day} ${CLOSE}`, "yyyy-MM-dd HH:mm", new Date());
  const now = new Date();
  const slots = [];
  for (
    let start = parse(`${day} ${OPEN}`, "yyyy-MM-dd HH:mm", new Date());
    !isBefore(close, addMinutes(start, durationMinutes));
    start = addMinutes(start, STEP_MINUTES)
  ) {
    if (isBefore(start, now)) continue;
    slots.push(format(start, "HH:mm"));
  }
  return slots;
}

/** The studio is open every day; only the past cannot be booked. */
export function isClosedDay(date) {
  return isBefore(date, startOfDay(new Date()));
}

/** Today, or the next day the studio is open that still has a free time. */
export function firstOpenDay(durationMinutes) {
  for (let offset = 0; offset < 14; offset++) {
    const day = startOfDay(addDays(new Date(), offset));
    if (!isClosedDay(day) && timeSlots(day, durationMinutes).length > 0) return day;
  }
  return null;
}

export function bookingStart(booking) {
  return parse(`${booking.date} ${booking.time}`, "yyyy-MM-dd HH:mm", new Date());
}

export function formatBookingDate(booking) {
  return format(parseISO(booking.date), "EEE, MMM d");
}

export function formatPrice(price) {
  return Number(price) ? `$${Number(price).toFixed(0)}` : "Free";
}

export function formatDuration(minutes) {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

export const STATUS_STYLES = {
  confirmed: { label: "Confirmed", className: "border-emerald-200 bg-emerald-50 text-emerald-700" },
  completed: { label: "Completed", className: "border-slate-200 bg-slate-50 text-slate-600" },
  cancelled: { label: "Cancelled", className: "border-rose-200 bg-rose-50 text-rose-700" },
};

import { format } from "date-fns";
import { CalendarDays, Clock, Loader2, LogIn } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "sonner";
import { Booking, Service, User } from "@/api/entities";
import TimeSlotPicker from "@/components/bookings/TimeSlotPicker";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { firstOpenDay, formatDuration, formatPrice, isClosedDay, timeSlots } from "@/services/booking";
import { useCurrentUser } from "@/services/currentUser";
import { createPageUrl } from "@/utils";

function Step({ number, title, children }) {
  return (
    <section className="space-y-4">
      <h2 className="flex items-center gap-3 text-base font-semibold">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-primary/10 text-sm text-primary">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Book() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, loading: userLoading } = useCurrentUser();
  const [services, setServices] = useState([]);
  const [serviceId, setServiceId] = useState(params.get("serviceId") ?? "");
  const [date, setDate] = useState(null);
  const [time, setTime] = useState("");
  const [myBookings, setMyBookings] = useState([]);
  const [details, setDetails] = useState({ customerName: "", customerEmail: "", phone: "", notes: "" });
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    Service.filter({ active: true }, "name", 100)
      .then((list) => {
        setServices(list);
        setServiceId((current) =>
          list.some((service) => service.id === current) ? current : (list[0]?.id ?? ""),
        );
      })
      .catch(() => toast.error("Could not load services"))
      .finally(() => setLoading(false));
  }, []);

  useEffect(() => {
    if (!user) return;
    setDetails((current) => ({
      ...current,
      customerName: current.customerName || user.full_name || "",
      customerEmail: current.customerEmail || user.email || "",
    }));
    Booking.filter({ status: "confirmed" }, "date", 200)
      .then(setMyBookings)
      .catch(() => {});
  }, [user]);

  const service = services.find((item) => item.id === serviceId);

  // Start on the first day with free times, so the slots are visible right away.
  useEffect(() => {
    if (service && !date) setDate(firstOpenDay(service.durationMinutes));
  }, [service, date]);
  const slots = useMemo(
    () => (date && service ? timeSlots(date, service.durationMinutes) : []),
    [date, service],
  );
  const day = date ? format(date, "yyyy-MM-dd") : null;
  // You can't be in two places at once: hide times you already booked that day.
  const taken = myBookings.filter((booking) => booking.date === day).map((booking) => booking.time);

  async function handleSubmit(event) {
    event.preventDefault();
    if (!service || !date || !time) return;
    setSaving(true);
    try {
      await Booking.create({
        serviceId: service.id,
        serviceName: service.name,
        date: day,
        time,
        durationMinutes: service.durationMinutes,
        price: service.price,
        customerName: details.customerName.trim(),
        customerEmail: details.customerEmail.trim() || null,
        phone: details.phone.trim(),
        notes: details.notes.trim(),
        status: "confirmed",
      });
      toast.success(`Booked: ${service.name} on ${format(date, "EEE, MMM d")} at ${time}`);
      navigate(createPageUrl("MyBookings"));
    } catch (error) {
      toast.error(error?.message ?? "Could not save your booking");
    } finally {
      setSaving(false);
    }
  }

  const bind = (field) => ({
    value: details[field],
    onChange: (event) => setDetails((current) => ({ ...current, [field]: event.target.value })),
  });

  if (loading || userLoading) {
    return (
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-[32rem] rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} className="grid items-start gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Book an appointment
          </CardTitle>
          <CardDescription>Three quick steps and you're in the calendar.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-8">
          <Step number={1} title="Choose a service">
            <Select
              value={serviceId}
              onValueChange={(value) => {
                setServiceId(value);
                setTime("");
              }}
            >
              <SelectTrigger aria-label="Service">
                <SelectValue placeholder="Choose a service" />
              </SelectTrigger>
              <SelectContent>
                {services.map((item) => (
                  <SelectItem key={item.id} value={item.id}>
                    {item.name} · {formatDuration(item.durationMinutes)} · {formatPrice(item.price)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Step>

          <Step number={2} title="Pick a date and time">
            <div className="grid gap-6 md:grid-cols-[auto_1fr]">
              <div className="flex justify-center">
                <Calendar
                  mode="single"
                  selected={date ?? undefined}
                  onSelect={(value) => {
                    setDate(value ?? null);
                    setTime("");
                  }}
                  disabled={isClosedDay}
                  className="rounded-lg border border-border"
                />
              </div>
              <div className="space-y-3">
                <p className="text-sm text-muted-foreground">
                  {date ? format(date, "EEEE, MMMM d") : "Choose a day to see the free times."}
                </p>
                {date ? <TimeSlotPicker slots={slots} value={time} onChange={setTime} taken={taken} /> : null}
              </div>
            </div>
          </Step>

          <Step number={3} title="Your details">
            {!user ? (
              <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-border p-5 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-muted-foreground">
                  Sign in so you can see and manage your bookings later.
                </p>
                <Button type="button" onClick={() => User.login()}>
                  <LogIn className="h-4 w-4" />
                  Sign in to book
                </Button>
              </div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor="booking-name">Name</Label>
                  <Input id="booking-name" required {...bind("customerName")} />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="booking-email">E-mail</Label>
                  <Input id="booking-email" type="email" {...bind("customerEmail")} />
                </div>
                <div className="grid gap-2 sm:col-span-2">
                  <Label htmlFor="booking-phone">Phone</Label>
                  <Input
                    id="booking-phone"
                    placeholder="So we can reach you if plans change"
                    {...bind("phone")}
                  />
                </div>
                <div className="grid gap-2 sm:col-span-2">
                  <Label htmlFor="booking-notes">Notes</Label>
                  <Textarea
                    id="booking-notes"
                    rows={3}
                    placeholder="Anything we should know?"
                    {...bind("notes")}
                  />
                </div>
              </div>
            )}
          </Step>
        </CardContent>
      </Card>

      <Card className="lg:sticky lg:top-24">
        <CardHeader>
          <CardTitle className="text-base">Your booking</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {service ? (
            <div>
              <p className="font-medium">{service.name}</p>
              <p className="text-sm text-muted-foreground">{formatDuration(service.durationMinutes)}</p>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No service chosen yet.</p>
          )}
          <div className="space-y-2 text-sm">
            <p className="flex items-center gap-2">
              <CalendarDays className="h-4 w-4 text-muted-foreground" />
              {date ? format(date, "EEE, MMM d, yyyy") : "Pick a date"}
            </p>
            <p className="flex items-center gap-2">
              <Clock className="h-4 w-4 text-muted-foreground" />
              {time || "Pick a time"}
            </p>
          </div>
          <Separator />
          <div className="flex items-center justify-between">
            <span className="text-sm text-muted-foreground">Total</span>
            <span className="text-lg font-semibold">{service ? formatPrice(service.price) : "—"}</span>
          </div>
          <Button
            type="submit"
            className="w-full"
            size="lg"
            disabled={!user || !service || !date || !time || saving || !details.customerName.trim()}
          >
            {saving ? <Loader2 className="h-4 w-4 animate-spin" /> : null}
            Confirm booking
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            Free cancellation up to 24 hours before.
          </p>
        </CardContent>
      </Card>
    </form>
  );
}

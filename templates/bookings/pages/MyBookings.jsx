import { isBefore } from "date-fns";
import { CalendarDays, CalendarX2, Clock, StickyNote } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "sonner";
import { appInfo } from "@/api/app";
import { Booking, User } from "@/api/entities";
import StatusBadge from "@/components/bookings/StatusBadge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { bookingStart, formatBookingDate, formatDuration, formatPrice } from "@/services/booking";
import { useCurrentUser } from "@/services/currentUser";
import { createPageUrl } from "@/utils";

function BookingCard({ booking, onCancel }) {
  const upcoming = booking.status === "confirmed" && !isBefore(bookingStart(booking), new Date());
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
        <div className="flex h-14 w-14 shrink-0 flex-col items-center justify-center rounded-xl bg-primary/10 text-primary">
          <span className="text-xs font-medium uppercase">{formatBookingDate(booking).split(",")[0]}</span>
          <span className="text-lg font-semibold leading-none">{booking.date.slice(8, 10)}</span>
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold">{booking.serviceName}</p>
            <StatusBadge status={booking.status} />
          </div>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="flex items-center gap-1">
              <CalendarDays className="h-3.5 w-3.5" />
              {formatBookingDate(booking)}
            </span>
            <span className="flex items-center gap-1">
              <Clock className="h-3.5 w-3.5" />
              {booking.time}
              {booking.durationMinutes ? ` · ${formatDuration(booking.durationMinutes)}` : ""}
            </span>
            <span>{formatPrice(booking.price)}</span>
          </p>
          {booking.notes ? (
            <p className="flex items-center gap-1 text-xs text-muted-foreground">
              <StickyNote className="h-3 w-3" />
              {booking.notes}
            </p>
          ) : null}
        </div>
        {upcoming ? (
          <Button variant="outline" size="sm" onClick={() => onCancel(booking)}>
            Cancel
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function EmptyList({ title, description }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <CalendarX2 className="h-10 w-10 text-muted-foreground" />
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <Button asChild>
        <Link to={createPageUrl("Book")}>Book an appointment</Link>
      </Button>
    </Card>
  );
}

export default function MyBookings() {
  const { user, loading: userLoading } = useCurrentUser();
  const [bookings, setBookings] = useState([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!user) return;
    Booking.list("date", 200)
      .then(setBookings)
      .catch(() => toast.error("Could not load your bookings"))
      .finally(() => setLoading(false));
  }, [user]);

  const { upcoming, past } = useMemo(() => {
    const now = new Date();
    const isUpcoming = (booking) => booking.status === "confirmed" && !isBefore(bookingStart(booking), now);
    return {
      upcoming: bookings.filter(isUpcoming).sort((a, b) => bookingStart(a) - bookingStart(b)),
      past: bookings
        .filter((booking) => !isUpcoming(booking))
        .sort((a, b) => bookingStart(b) - bookingStart(a)),
    };
  }, [bookings]);

  async function cancel(booking) {
    if (!window.confirm(`Cancel ${booking.serviceName} on ${formatBookingDate(booking)} at ${booking.time}?`))
      return;
    try {
      const updated = await Booking.update(booking.id, { status: "cancelled" });
      setBookings((current) => current.map((item) => (item.id === updated.id ? updated : item)));
      toast.success("Booking cancelled");
    } catch {
      toast.error("Could not cancel the booking");
    }
  }

  if (!userLoading && !user) {
    return (
      <Card className="mx-auto mt-6 max-w-md">
        <CardContent className="flex flex-col items-center gap-4 px-6 py-10 text-center">
          <CalendarDays className="h-10 w-10 text-primary" />
          <div>
            <h1 className="text-lg font-semibold">Your bookings</h1>
            <p className="text-sm text-muted-foreground">Sign in to see your upcoming appointments.</p>
          </div>
          <Button onClick={() => User.login()}>Sign in</Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">My bookings</h1>
        <p className="text-sm text-muted-foreground">Your appointments at {appInfo.name}.</p>
      </div>
      {loading ? (
        <div className="space-y-3">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : (
        <Tabs defaultValue="upcoming">
          <TabsList>
            <TabsTrigger value="upcoming">Upcoming ({upcoming.length})</TabsTrigger>
            <TabsTrigger value="past">Past & cancelled ({past.length})</TabsTrigger>
          </TabsList>
          <TabsContent value="upcoming" className="mt-4 space-y-3">
            {upcoming.length === 0 ? (
              <EmptyList
                title="Nothing booked yet"
                description="Treat yourself — your next appointment is a few clicks away."
              />
            ) : (
              upcoming.map((booking) => <BookingCard key={booking.id} booking={booking} onCancel={cancel} />)
            )}
          </TabsContent>
          <TabsContent value="past" className="mt-4 space-y-3">
            {past.length === 0 ? (
              <EmptyList title="No past bookings" description="Appointments you've had will show up here." />
            ) : (
              past.map((booking) => <BookingCard key={booking.id} booking={booking} onCancel={cancel} />)
            )}
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

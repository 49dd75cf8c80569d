import { format, isBefore, isSameMonth, parseISO, startOfDay } from "date-fns";
import { CalendarClock, CalendarDays, DollarSign, Pencil, Plus, ShieldAlert, Users } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { Booking, Service } from "@/api/entities";
import ServiceDialog from "@/components/bookings/ServiceDialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { bookingStart, formatDuration, formatPrice, STATUS_STYLES } from "@/services/booking";
import { useCurrentUser } from "@/services/currentUser";
import { isAdmin } from "@/services/isAdmin";

function Metric({ icon: Icon, label, value }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 p-4">
        <div className="flex h-10 w-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="h-5 w-5" />
        </div>
        <div>
          <p className="text-xs text-muted-foreground">{label}</p>
          <p className="text-xl font-semibold">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}

export default function Admin() {
  const { user, loading: userLoading } = useCurrentUser();
  const [bookings, setBookings] = useState([]);
  const [services, setServices] = useState([]);
  const [loading, setLoading] = useState(true);
  const [range, setRange] = useState("upcoming");
  const [dialog, setDialog] = useState({ open: false, service: null });

  useEffect(() => {
    if (!isAdmin(user)) return;
    Promise.all([Booking.list("date", 500), Service.list("name", 200)])
      .then(([loadedBookings, loadedServices]) => {
        setBookings(loadedBookings);
        setServices(loadedServices);
      })
      .catch(() => toast.error("Could not load the admin data"))
      .finally(() => setLoading(false));
  }, [user]);

  const metrics = useMemo(() => {
    const today = format(new Date(), "yyyy-MM-dd");
    const confirmed = bookings.filter((booking) => booking.status !== "cancelled");
    return {
      today: confirmed.filter((booking) => booking.date === today).length,
      upcoming: confirmed.filter((booking) => booking.date >= today && booking.status === "confirmed").length,
      customers: new Set(bookings.map((booking) => booking.customerEmail || booking.customerName)).size,
      revenue: confirmed
        .filter((booking) => isSameMonth(parseISO(booking.date), new Date()))
        .reduce((total, booking) => total + (Number(booking.price) || 0), 0),
    };
  }, [bookings]);

  const visible = useMemo(() => {
    const start = startOfDay(new Date());
    const list =
      range === "upcoming" ? bookings.filter((booking) => !isBefore(bookingStart(booking), start)) : bookings;
    return [...list].sort((a, b) => bookingStart(a) - bookingStart(b));
  }, [bookings, range]);

  async function setStatus(booking, status) {
    try {
      const updated = await Booking.update(booking.id, { status });
      setBookings((current) => current.map((item) => (item.id === updated.id ? updated : item)));
      toast.success(`Marked as ${STATUS_STYLES[status].label.toLowerCase()}`);
    } catch {
      toast.error("Could not update the booking");
    }
  }

  async function toggleService(service, active) {
    try {
      const updated = await Service.update(service.id, { active });
      setServices((current) => current.map((item) => (item.id === updated.id ? updated : item)));
      toast.success(active ? `${service.name} is bookable` : `${service.name} is hidden`);
    } catch {
      toast.error("Could not update the service");
    }
  }

  if (userLoading) return <Skeleton className="h-96 rounded-xl" />;

  if (!isAdmin(user)) {
    return (
      <Card className="mx-auto mt-6 max-w-md">
        <CardContent className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <ShieldAlert className="h-10 w-10 text-muted-foreground" />
          <h1 className="text-lg font-semibold">Admins only</h1>
          <p className="text-sm text-muted-foreground">This page is for the studio team.</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Studio admin</h1>
        <p className="text-sm text-muted-foreground">Every booking and service, in one place.</p>
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Metric icon={CalendarDays} label="Today" value={metrics.today} />
        <Metric icon={CalendarClock} label="Upcoming" value={metrics.upcoming} />
        <Metric icon={Users} label="Customers" value={metrics.customers} />
        <Metric icon={DollarSign} label="This month" value={formatPrice(metrics.revenue)} />
      </div>

      <Tabs defaultValue="bookings">
        <TabsList>
          <TabsTrigger value="bookings">Bookings</TabsTrigger>
          <TabsTrigger value="services">Services</TabsTrigger>
        </TabsList>

        <TabsContent value="bookings" className="mt-4 space-y-3">
          <div className="flex justify-end">
            <Select value={range} onValueChange={setRange}>
              <SelectTrigger aria-label="Bookings to show" className="w-44 bg-background">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="upcoming">Today and later</SelectItem>
                <SelectItem value="all">All bookings</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <Card className="overflow-x-auto">
            {loading ? (
              <div className="space-y-2 p-4">
                {[0, 1, 2, 3].map((n) => (
                  <Skeleton key={n} className="h-10 w-full" />
                ))}
              </div>
            ) : visible.length === 0 ? (
              <p className="px-6 py-14 text-center text-sm text-muted-foreground">
                No bookings in this range.
              </p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>When</TableHead>
                    <TableHead>Customer</TableHead>
                    <TableHead>Service</TableHead>
                    <TableHead className="w-40">Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {visible.map((booking) => (
                    <TableRow key={booking.id}>
                      <TableCell className="whitespace-nowrap">
                        <p className="font-medium">{format(parseISO(booking.date), "EEE, MMM d")}</p>
                        <p className="text-xs text-muted-foreground">{booking.time}</p>
                      </TableCell>
                      <TableCell>
                        <p className="font-medium">{booking.customerName}</p>
                        <p className="text-xs text-muted-foreground">
                          {booking.customerEmail || booking.phone}
                        </p>
                      </TableCell>
                      <TableCell>
                        <p>{booking.serviceName}</p>
                        <p className="text-xs text-muted-foreground">{formatPrice(booking.price)}</p>
                      </TableCell>
                      <TableCell>
                        <Select value={booking.status} onValueChange={(status) => setStatus(booking, status)}>
                          <SelectTrigger
                            aria-label={`Status of ${booking.customerName || "this booking"}`}
                            className="h-8"
                          >
                            <SelectValue />
                          </SelectTrigger>
                          <SelectContent>
                            {Object.entries(STATUS_STYLES).map(([id, style]) => (
                              <SelectItem key={id} value={id}>
                                {style.label}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Card>
        </TabsContent>

        <TabsContent value="services" className="mt-4 space-y-3">
          <div className="flex justify-end">
            <Button onClick={() => setDialog({ open: true, service: null })}>
              <Plus className="h-4 w-4" />
              New service
            </Button>
          </div>
          <Card className="divide-y divide-border">
            {services.map((service) => (
              <div key={service.id} className="flex items-center gap-4 p-4">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{service.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {service.category || "Uncategorised"} · {formatDuration(service.durationMinutes)} ·{" "}
                    {formatPrice(service.price)}
                  </p>
                </div>
                <Switch
                  checked={service.active !== false}
                  onCheckedChange={(active) => toggleService(service, active)}
                  aria-label={`Bookable: ${service.name}`}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => setDialog({ open: true, service })}
                  aria-label={`Edit ${service.name}`}
                >
                  <Pencil className="h-4 w-4" />
                </Button>
              </div>
            ))}
          </Card>
        </TabsContent>
      </Tabs>

      <ServiceDialog
        open={dialog.open}
        service={dialog.service}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        onSaved={(saved) =>
          setServices((current) =>
            current.some((item) => item.id === saved.id)
              ? current.map((item) => (item.id === saved.id ? saved : item))
              : [...current, saved].sort((a, b) => a.name.localeCompare(b.name)),
          )
        }
      />
    </div>
  );
}

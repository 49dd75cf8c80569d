import { CalendarPlus, SearchX } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "sonner";
import { Service } from "@/api/entities";
import ServiceCard from "@/components/bookings/ServiceCard";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { createPageUrl } from "@/utils";

export default function Services() {
  const [services, setServices] = useState([]);
  const [loading, setLoading] = useState(true);
  const [category, setCategory] = useState("All");

  useEffect(() => {
    Service.filter({ active: true }, "name", 100)
      .then(setServices)
      .catch(() => toast.error("Could not load services"))
      .finally(() => setLoading(false));
  }, []);

  const categories = useMemo(
    () => ["All", ...new Set(services.map((service) => service.category).filter(Boolean))],
    [services],
  );
  const visible = category === "All" ? services : services.filter((service) => service.category === category);

  return (
    <div className="space-y-8">
      <section className="overflow-hidden rounded-2xl bg-gradient-to-br from-primary/15 via-primary/5 to-background px-6 py-10 sm:px-10 sm:py-14">
        <p className="text-sm font-medium text-primary">Massage · Wellness · Beauty</p>
        <h1 className="mt-2 max-w-xl text-3xl font-semibold tracking-tight sm:text-4xl">
          Take an hour for yourself.
        </h1>
        <p className="mt-3 max-w-lg text-muted-foreground">
          Choose a treatment, pick a time that suits you, and we'll take care of the rest.
        </p>
        <Button className="mt-6 rounded-full" size="lg" asChild>
          <Link to={createPageUrl("Book")}>
            <CalendarPlus className="h-4 w-4" />
            Book an appointment
          </Link>
        </Button>
      </section>

      {/* The category tabs control the list below: it is their tab panel. */}
      <Tabs value={category} onValueChange={setCategory} className="space-y-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <h2 className="text-xl font-semibold tracking-tight">Our services</h2>
          <TabsList>
            {categories.map((name) => (
              <TabsTrigger key={name} value={name}>
                {name}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>

        <TabsContent value={category} className="mt-0">
          {loading ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {[0, 1, 2, 3, 4, 5].map((n) => (
                <Skeleton key={n} className="h-48 rounded-xl" />
              ))}
            </div>
          ) : visible.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center">
              <SearchX className="h-10 w-10 text-muted-foreground" />
              <p className="font-medium">No services yet</p>
              <p className="text-sm text-muted-foreground">
                New treatments are on their way — check back soon.
              </p>
            </Card>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {visible.map((service) => (
                <ServiceCard key={service.id} service={service} />
              ))}
            </div>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

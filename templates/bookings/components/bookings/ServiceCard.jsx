import { ArrowRight, Clock } from "lucide-react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { formatDuration, formatPrice } from "@/services/booking";
import { createPageUrl } from "@/utils";

export default function ServiceCard({ service }) {
  return (
    <Card className="flex flex-col transition-shadow hover:shadow-md">
      <CardContent className="flex-1 space-y-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-base font-semibold leading-snug">{service.name}</h3>
          <span className="shrink-0 text-base font-semibold text-primary">{formatPrice(service.price)}</span>
        </div>
        <p className="text-sm text-muted-foreground">{service.description}</p>
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          {service.category ? <Badge variant="secondary">{service.category}</Badge> : null}
          <span className="flex items-center gap-1">
            <Clock className="h-3.5 w-3.5" />
            {formatDuration(service.durationMinutes)}
          </span>
        </div>
      </CardContent>
      <CardFooter className="p-5 pt-0">
        <Button className="w-full" variant="outline" asChild>
          <Link to={`${createPageUrl("Book")}?serviceId=${service.id}`}>
            Book
            <ArrowRight className="h-4 w-4" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

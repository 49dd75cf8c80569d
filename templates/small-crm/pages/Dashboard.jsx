import { format, formatDistanceToNow, parseISO, startOfMonth, subMonths } from "date-fns";
import { ArrowRight, CircleDollarSign, LayoutDashboard, Target, TrendingUp, Users } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { toast } from "sonner";
import { Contact, Deal } from "@/api/entities";
import { StageBadge } from "@/components/crm/Badges";
import SignInCard from "@/components/SignInCard";
import StatCard from "@/components/StatCard";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney, OPEN_STAGES, STAGES, sumValue } from "@/services/crm";
import { useCurrentUser } from "@/services/currentUser";
import { createPageUrl } from "@/utils";

function wonPerMonth(deals) {
  const months = Array.from({ length: 6 }, (_, i) => startOfMonth(subMonths(new Date(), 5 - i)));
  return months.map((month) => ({
    month: format(month, "MMM"),
    revenue: sumValue(
      deals.filter(
        (deal) =>
          deal.stage === "won" &&
          deal.closedAt &&
          format(parseISO(deal.closedAt), "yyyy-MM") === format(month, "yyyy-MM"),
      ),
    ),
  }));
}

export default function Dashboard() {
  const { user, loading: userLoading } = useCurrentUser();
  const [deals, setDeals] = useState([]);
  const [contacts, setContacts] = useState([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!user) return;
    Promise.all([Deal.list("-updatedAt", 500), Contact.list("-updatedAt", 500)])
      .then(([loadedDeals, loadedContacts]) => {
        setDeals(loadedDeals);
        setContacts(loadedContacts);
      })
      .catch(() => toast.error("Could not load your data"))
      .finally(() => setLoading(false));
  }, [user]);

  const summary = useMemo(() => {
    const open = deals.filter((deal) => OPEN_STAGES.includes(deal.stage));
    const won = deals.filter((deal) => deal.stage === "won");
    const closed = won.length + deals.filter((deal) => deal.stage === "lost").length;
    return {
      openValue: sumValue(open),
      openCount: open.length,
      wonValue: sumValue(won),
      winRate: closed ? Math.round((won.length / closed) * 100) : 0,
      customers: contacts.filter((contact) => contact.status === "customer").length,
      perMonth: wonPerMonth(deals),
      byStage: STAGES.filter((stage) => OPEN_STAGES.includes(stage.id)).map((stage) => ({
        ...stage,
        value: sumValue(open.filter((deal) => deal.stage === stage.id)),
      })),
      closingSoon: open
        .filter((deal) => deal.expectedCloseDate)
        .sort((a, b) => a.expectedCloseDate.localeCompare(b.expectedCloseDate))
        .slice(0, 5),
    };
  }, [deals, contacts]);

  if (!userLoading && !user) {
    return (
      <SignInCard
        icon={LayoutDashboard}
        title="Welcome to your CRM"
        description="Sign in to see your pipeline, contacts and revenue at a glance."
      />
    );
  }

  if (loading) {
    return (
      <div className="space-y-6">
        <Skeleton className="h-8 w-48" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-24 rounded-xl" />
          ))}
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-80 rounded-xl lg:col-span-2" />
          <Skeleton className="h-80 rounded-xl" />
        </div>
      </div>
    );
  }

  const maxStage = Math.max(1, ...summary.byStage.map((stage) => stage.value));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          Good to see you{user?.full_name ? `, ${user.full_name.split(" ")[0]}` : ""}
        </h1>
        <p className="text-sm text-muted-foreground">Here's how your pipeline looks today.</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={CircleDollarSign}
          label="Open pipeline"
          value={formatMoney(summary.openValue)}
          hint={`${summary.openCount} open deals`}
        />
        <StatCard
          icon={TrendingUp}
          label="Won revenue"
          value={formatMoney(summary.wonValue)}
          tone="text-emerald-600 bg-emerald-50"
        />
        <StatCard
          icon={Target}
          label="Win rate"
          value={`${summary.winRate}%`}
          hint="Of closed deals"
          tone="text-amber-600 bg-amber-50"
        />
        <StatCard
          icon={Users}
          label="Customers"
          value={summary.customers}
          hint={`${contacts.length} contacts in total`}
          tone="text-sky-600 bg-sky-50"
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              Won revenue
            </CardTitle>
            <CardDescription>The last six months</CardDescription>
          </CardHeader>
          <CardContent className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={summary.perMonth} margin={{ left: 8, right: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
                <XAxis dataKey="month" tickLine={false} axisLine={false} fontSize={12} />
                <YAxis
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                  width={56}
                  tickFormatter={(value) => (value >= 1000 ? `$${Math.round(value / 1000)}k` : `$${value}`)}
                />
                <Tooltip
                  formatter={(value) => formatMoney(value)}
                  cursor={{ fill: "rgba(13, 148, 136, 0.06)" }}
                />
                <Bar
                  dataKey="revenue"
                  name="Revenue"
                  fill="var(--color-primary, #0d9488)"
                  radius={[4, 4, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              Pipeline by stage
            </CardTitle>
            <CardDescription>Value of open deals</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {summary.byStage.map((stage) => (
              <div key={stage.id} className="space-y-1.5">
                <div className="flex items-center justify-between text-sm">
                  <span className="text-muted-foreground">{stage.label}</span>
                  <span className="font-medium tabular-nums">{formatMoney(stage.value)}</span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-muted">
                  <div
                    className="h-full rounded-full"
                    style={{ width: `${(stage.value / maxStage) * 100}%`, background: stage.color }}
                  />
                </div>
              </div>
            ))}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader className="flex flex-row items-center justify-between space-y-0">
          <CardTitle as="h2" className="text-base">
            Closing soon
          </CardTitle>
          <Button variant="ghost" size="sm" asChild>
            <Link to={createPageUrl("Pipeline")}>
              View pipeline
              <ArrowRight className="h-4 w-4" />
            </Link>
          </Button>
        </CardHeader>
        <CardContent>
          {summary.closingSoon.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">No open deals with a close date.</p>
          ) : (
            <ul className="divide-y divide-border">
              {summary.closingSoon.map((deal) => (
                <li key={deal.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{deal.title}</p>
                    <p className="text-xs text-muted-foreground">
                      {deal.company} · closes{" "}
                      {formatDistanceToNow(parseISO(deal.expectedCloseDate), { addSuffix: true })}
                    </p>
                  </div>
                  <StageBadge stage={deal.stage} />
                  <span className="w-24 text-right text-sm font-semibold tabular-nums">
                    {formatMoney(deal.value)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

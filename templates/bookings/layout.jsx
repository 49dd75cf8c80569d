import { CalendarCheck, CalendarDays, Flower2, LogIn, LogOut, Settings2, Sparkles } from "lucide-react";
import { Link } from "react-router-dom";
import { appInfo } from "@/api/app";
import { User } from "@/api/entities";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useCurrentUser } from "@/services/currentUser";
import { isAdmin } from "@/services/isAdmin";
import { createPageUrl } from "@/utils";

const SECTION = { Book: "Services" };

function navItems(user) {
  const items = [
    { page: "Services", label: "Services", icon: Sparkles },
    { page: "MyBookings", label: "My bookings", icon: CalendarCheck },
  ];
  if (isAdmin(user)) items.push({ page: "Admin", label: "Admin", icon: Settings2 });
  return items;
}

function UserMenu({ user, loading }) {
  if (loading) return <Skeleton className="h-9 w-9 rounded-full" />;
  if (!user) {
    return (
      <Button size="sm" variant="outline" onClick={() => User.login()}>
        <LogIn className="h-4 w-4" />
        Sign in
      </Button>
    );
  }
  const name = user.full_name || user.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Avatar className="h-9 w-9">
            <AvatarFallback className="bg-primary/10 text-sm font-medium text-primary">
              {name.slice(0, 1).toUpperCase()}
            </AvatarFallback>
          </Avatar>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>
          <p className="truncate text-sm font-medium">{user.full_name || "Your account"}</p>
          <p className="truncate text-xs font-normal text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={createPageUrl("MyBookings")}>
            <CalendarDays className="h-4 w-4" />
            My bookings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onClick={() => User.logout()}>
          <LogOut className="h-4 w-4" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export default function Layout({ children, currentPageName }) {
  const { user, loading } = useCurrentUser();
  const items = navItems(user);
  const section = SECTION[currentPageName] ?? currentPageName;

  return (
    <div className="flex min-h-screen flex-col bg-muted/30 text-foreground">
      <header className="sticky top-0 z-20 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-8 px-4 sm:px-6">
          <Link to={createPageUrl("Services")} className="flex items-center gap-2">
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <Flower2 className="h-5 w-5" />
            </span>
            <span className="text-lg font-semibold tracking-tight">{appInfo.name}</span>
          </Link>
          <nav className="hidden items-center gap-1 md:flex">
            {items.map((item) => (
              <Link
                key={item.page}
                to={createPageUrl(item.page)}
                className={cn(
                  "rounded-full px-4 py-2 text-sm font-medium transition-colors",
                  section === item.page
                    ? "bg-primary/10 text-primary"
                    : "text-muted-foreground hover:bg-muted hover:text-foreground",
                )}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <Button size="sm" className="hidden rounded-full sm:inline-flex" asChild>
              <Link to={createPageUrl("Book")}>Book now</Link>
            </Button>
            <UserMenu user={user} loading={loading} />
          </div>
        </div>
      </header>

      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pb-28 pt-6 sm:px-6 sm:pt-10 md:pb-12">
        {children}
      </main>

      <footer className="hidden border-t border-border bg-background py-6 text-center text-sm text-muted-foreground md:block">
        {appInfo.name} · Open every day, 9:00 – 19:00
      </footer>

      {/* On phones the pages sit in a bottom tab bar, within thumb reach. */}
      <nav
        className="fixed inset-x-0 bottom-0 z-20 grid border-t border-border bg-background/95 backdrop-blur md:hidden"
        style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))` }}
      >
        {items.map(({ page, label, icon: Icon }) => (
          <Link
            key={page}
            to={createPageUrl(page)}
            className={cn(
              "flex flex-col items-center gap-1 py-2.5 text-xs font-medium",
              section === page ? "text-primary" : "text-muted-foreground",
            )}
          >
            <Icon className="h-5 w-5" />
            {label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

import { Columns3, Handshake, LayoutDashboard, LogIn, LogOut, Menu, Users } from "lucide-react";
import { useState } from "react";
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
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { initials } from "@/services/crm";
import { useCurrentUser } from "@/services/currentUser";
import { createPageUrl } from "@/utils";

const NAV = [
  { page: "Dashboard", label: "Dashboard", icon: LayoutDashboard },
  { page: "Contacts", label: "Contacts", icon: Users },
  { page: "Pipeline", label: "Pipeline", icon: Columns3 },
];

// The contact page belongs under Contacts in the navigation.
const SECTION = { ContactDetail: "Contacts" };

function NavLinks({ currentPageName, onNavigate, vertical = false }) {
  const section = SECTION[currentPageName] ?? currentPageName;
  return (
    <nav className={cn("flex gap-1", vertical && "flex-col")}>
      {NAV.map(({ page, label, icon: Icon }) => (
        <Link
          key={page}
          to={createPageUrl(page)}
          onClick={onNavigate}
          className={cn(
            "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors",
            section === page
              ? "bg-primary/10 text-primary"
              : "text-muted-foreground hover:bg-muted hover:text-foreground",
          )}
        >
          <Icon className="h-4 w-4" />
          {label}
        </Link>
      ))}
    </nav>
  );
}

function Brand() {
  return (
    <Link to={createPageUrl("Dashboard")} className="flex items-center gap-2">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Handshake className="h-4 w-4" />
      </span>
      <span className="font-semibold tracking-tight">{appInfo.name}</span>
    </Link>
  );
}

function UserMenu() {
  const { user, loading } = useCurrentUser();
  if (loading) return <Skeleton className="h-9 w-9 rounded-full" />;
  if (!user) {
    return (
      <Button size="sm" onClick={() => User.login()}>
        <LogIn className="h-4 w-4" />
        Sign in
      </Button>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="flex items-center gap-2 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Avatar className="h-9 w-9">
            <AvatarFallback className="bg-primary/10 text-sm font-medium text-primary">
              {initials(user.full_name || user.email)}
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
        <DropdownMenuItem onClick={() => User.logout()}>
          <LogOut className="h-4 w-4" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export default function Layout({ children, currentPageName }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen bg-muted/40 text-foreground">
      <header className="sticky top-0 z-20 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="-ml-2 md:hidden" aria-label="Open menu">
                <Menu className="h-5 w-5" />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="w-64">
              <SheetHeader className="mb-6">
                <SheetTitle>Menu</SheetTitle>
              </SheetHeader>
              <NavLinks currentPageName={currentPageName} onNavigate={() => setMenuOpen(false)} vertical />
            </SheetContent>
          </Sheet>
          <Brand />
          <div className="hidden md:block">
            <NavLinks currentPageName={currentPageName} />
          </div>
          <div className="ml-auto">
            <UserMenu />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
    </div>
  );
}

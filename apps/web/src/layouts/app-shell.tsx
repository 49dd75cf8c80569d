import {
  Avatar,
  Badge,
  Button,
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@liftoff/ui";
import {
  ChevronDownIcon,
  InboxIcon,
  LogOutIcon,
  MenuIcon,
  SettingsIcon,
  ShieldIcon,
  XIcon,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { useDevMailboxAvailable } from "../lib/dev-mailbox.ts";
import { useFirstRunRedirect } from "../lib/first-run.ts";
import { planLabel } from "../lib/plan-label.ts";
import { useSession } from "../lib/session.tsx";
import { Logo } from "./logo.tsx";
import { SkipLink } from "./skip-link.tsx";

const NAV = [
  { to: "/apps", label: "Apps", testId: "nav-apps" },
  { to: "/templates", label: "Templates", testId: "nav-templates" },
  { to: "/pricing", label: "Pricing", testId: "nav-pricing" },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "inline-flex h-8 items-center rounded-md px-3 text-sm font-medium transition-colors",
    isActive ? "bg-accent text-foreground" : "text-muted-foreground hover:bg-accent/70 hover:text-foreground",
  );
}

function AccountMenu() {
  const { user, account } = useSession();
  const navigate = useNavigate();
  const mailbox = useDevMailboxAvailable();
  const name = user?.name || account?.name || user?.email || "Account";
  const email = user?.email ?? account?.email ?? "";
  const plan = planLabel(account?.plan);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          data-testid="account-menu"
          aria-label="Account menu"
          className={cn(
            "group inline-flex h-9 items-center gap-2 rounded-full py-0.5 pr-2 pl-0.5 transition-colors",
            "hover:bg-accent data-[state=open]:bg-accent",
          )}
        >
          <Avatar name={name} src={user?.image} size="md" />
          <ChevronDownIcon className="size-4 text-muted-foreground transition-transform group-data-[state=open]:rotate-180" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
          <Avatar name={name} src={user?.image} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-foreground" data-testid="account-name">
              {name}
            </p>
            <p className="truncate text-xs text-muted-foreground" data-testid="account-email">
              {email}
            </p>
            <Badge
              variant={plan === "Free" ? "secondary" : "default"}
              className="mt-1.5"
              data-testid="account-plan"
            >
              {plan} plan
            </Badge>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings/profile" data-testid="menu-settings">
            <SettingsIcon /> Settings
          </Link>
        </DropdownMenuItem>
        {account?.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin" data-testid="menu-admin">
              <ShieldIcon /> Admin
            </Link>
          </DropdownMenuItem>
        ) : null}
        {mailbox ? (
          <DropdownMenuItem asChild>
            <Link to="/dev/mailbox" data-testid="menu-mailbox">
              <InboxIcon /> Dev mailbox
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          data-testid="logout"
          // Leave the signed-in routes first (LogoutPage signs out), so RequireAuth does not
          // bounce to /login?redirectTo=… on the way.
          onSelect={() => navigate("/logout")}
        >
          <LogOutIcon /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MobileNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { account } = useSession();
  const mailbox = useDevMailboxAvailable();
  if (!open) return null;
  const items: { to: string; label: string }[] = [
    ...NAV,
    { to: "/settings/profile", label: "Settings" },
    ...(account?.isAdmin ? [{ to: "/admin", label: "Admin" }] : []),
    ...(mailbox ? [{ to: "/dev/mailbox", label: "Dev mailbox" }] : []),
  ];
  return (
    <nav
      id="mobile-nav"
      aria-label="Main"
      className="border-t border-border bg-background px-4 pt-2 pb-4 md:hidden"
    >
      <ul className="grid gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onClose}
              className={({ isActive }) =>
                cn(
                  "flex h-10 items-center rounded-md px-3 text-sm font-medium",
                  isActive ? "bg-accent text-foreground" : "text-muted-foreground hover:bg-accent/70",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <Link
            to="/logout"
            onClick={onClose}
            className="flex h-10 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent/70"
          >
            Log out
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** The signed-in frame: top bar with logo, main nav and the account menu. Screens own their container. */
export function AppShell({ children }: { children?: ReactNode }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  useFirstRunRedirect();

  // Close the mobile menu on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only
  useEffect(() => setMobileOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-dvh flex-col bg-neutral-25">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex h-14 w-full max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
          <Logo to="/apps" />
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={navClass}
                data-testid={item.testId}
                end={item.to !== "/apps"}
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <AccountMenu />
            <Button
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-label={mobileOpen ? "Close menu" : "Open menu"}
              aria-expanded={mobileOpen}
              aria-controls="mobile-nav"
              data-testid="mobile-menu"
              onClick={() => setMobileOpen((open) => !open)}
            >
              {mobileOpen ? <XIcon className="size-5" /> : <MenuIcon className="size-5" />}
            </Button>
          </div>
        </div>
        <MobileNav open={mobileOpen} onClose={() => setMobileOpen(false)} />
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {children ?? <Outlet />}
      </main>
      <footer className="border-t border-border">
        <nav
          aria-label="Legal"
          className="mx-auto flex w-full max-w-7xl items-center gap-5 px-4 py-4 text-xs text-muted-foreground sm:px-6 lg:px-8"
        >
          <span>© {new Date().getFullYear()} Liftoff</span>
          <Link to="/terms-of-service" className="rounded hover:text-foreground">
            Terms of Service
          </Link>
          <Link to="/privacy-policy" className="rounded hover:text-foreground">
            Privacy Policy
          </Link>
        </nav>
      </footer>
    </div>
  );
}

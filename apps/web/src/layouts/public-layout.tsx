import { Button, cn } from "@liftoff/ui";
import { MenuIcon, XIcon } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { useSession } from "../lib/session.tsx";
import { Logo } from "./logo.tsx";
import { SkipLink } from "./skip-link.tsx";

const NAV = [
  { to: "/templates", label: "Templates" },
  { to: "/pricing", label: "Pricing" },
] as const;

/** Marketing frame: header with sign-in actions, footer with Terms / Privacy. Screens own their container. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  // Phones: Templates and Pricing move into a menu, so the header fits 375 px.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = (refocus: boolean) => {
    setMenuOpen(false);
    if (refocus) menuButton.current?.focus();
  };
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label="Main" className="ml-6 hidden items-center gap-1 sm:flex">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  cn(
                    "inline-flex h-8 items-center rounded-md px-3 text-sm font-medium transition-colors",
                    isActive ? "text-foreground" : "text-muted-foreground hover:text-foreground",
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            {status === "signedIn" ? (
              <Button asChild size="sm">
                <Link to="/apps">Open dashboard</Link>
              </Button>
            ) : (
              <>
                <Button asChild variant="ghost" size="sm">
                  <Link to="/login" data-testid="public-login">
                    Log in
                  </Link>
                </Button>
                <Button asChild size="sm">
                  <Link to="/login?mode=signup" data-testid="public-signup">
                    Get started
                  </Link>
                </Button>
              </>
            )}
            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              className="sm:hidden"
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              aria-expanded={menuOpen}
              aria-controls="public-mobile-nav"
              data-testid="public-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <XIcon className="size-5" /> : <MenuIcon className="size-5" />}
            </Button>
          </div>
        </div>
        {menuOpen ? (
          <nav
            id="public-mobile-nav"
            aria-label="Main"
            className="border-t border-border bg-background px-4 pt-2 pb-4 sm:hidden"
            onKeyDown={(event) => {
              if (event.key === "Escape") closeMenu(true);
            }}
          >
            <ul className="grid gap-0.5">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    onClick={() => closeMenu(false)}
                    className={({ isActive }) =>
                      cn(
                        "flex h-10 items-center rounded-md px-3 text-sm font-medium transition-colors",
                        isActive ? "bg-accent text-foreground" : "text-muted-foreground hover:bg-accent/70",
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {children ?? <Outlet />}
      </main>
      <footer className="border-t border-border bg-neutral-25">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <div className="flex items-center gap-2">
            <Logo className="text-sm" />
            <span className="text-xs">© {new Date().getFullYear()} Liftoff</span>
          </div>
          <nav aria-label="Legal" className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <Link to="/templates" className="hover:text-foreground">
              Templates
            </Link>
            <Link to="/pricing" className="hover:text-foreground">
              Pricing
            </Link>
            <Link to="/terms-of-service" className="hover:text-foreground" data-testid="footer-terms">
              Terms of Service
            </Link>
            <Link to="/privacy-policy" className="hover:text-foreground" data-testid="footer-privacy">
              Privacy Policy
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}

import { cn, PageHeader } from "@liftoff/ui";
import { GaugeIcon, KeyRoundIcon, type LucideIcon, MailIcon, UserIcon } from "lucide-react";
import { NavLink, Outlet } from "react-router";

const SECTIONS: { path: string; label: string; icon: LucideIcon }[] = [
  { path: "profile", label: "Profile", icon: UserIcon },
  { path: "email", label: "Email", icon: MailIcon },
  { path: "password", label: "Password", icon: KeyRoundIcon },
  { path: "plan", label: "Plan & usage", icon: GaugeIcon },
];

/** /settings/* — profile (default), email, password, plan: the tabs are child routes (router.tsx). Side nav on desktop, tabs on phones. */
export function SettingsPage() {
  return (
    <div className="mx-auto grid grid-cols-1 w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="Settings"
        description="Manage your profile, sign-in details and plan."
        className="pb-0"
      />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[200px_minmax(0,1fr)] md:gap-8">
        <nav aria-label="Settings" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:overflow-visible md:px-0">
          <ul className="flex gap-1 border-b border-border md:flex-col md:border-b-0">
            {SECTIONS.map((section) => {
              const Icon = section.icon;
              return (
                <li key={section.path} className="shrink-0">
                  <NavLink
                    to={`/settings/${section.path}`}
                    data-testid={`settings-nav-${section.path}`}
                    className={({ isActive }) =>
                      cn(
                        "flex items-center gap-2 whitespace-nowrap text-sm font-medium transition-colors",
                        // Phones: underlined tabs. Desktop: a vertical list of pills.
                        "-mb-px border-b-2 px-2.5 py-2.5 sm:px-3 md:mb-0 md:rounded-md md:border-b-0 md:py-2",
                        isActive
                          ? "border-primary text-foreground md:bg-accent"
                          : "border-transparent text-muted-foreground hover:text-foreground md:hover:bg-accent/70",
                      )
                    }
                  >
                    {/* Phones: text only, so the four tabs fit 375 px without scrolling. */}
                    <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden />
                    {section.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

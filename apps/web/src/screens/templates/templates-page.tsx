import { Button, EmptyState, PageHeader } from "@liftoff/ui";
import { LayoutTemplateIcon, PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { useSession } from "../../lib/session.tsx";

/** /templates: the template library. It fills up once space apps can be saved as templates. */
export function TemplatesPage() {
  const { status } = useSession();
  const signedIn = status === "signedIn";
  return (
    <div className="mx-auto grid grid-cols-1 w-full max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title="Templates"
        description="Ready-made apps you can duplicate and make your own."
        className="pb-0"
      />
      <EmptyState
        icon={LayoutTemplateIcon}
        title="No templates yet"
        description="Templates arrive with space apps: builders will be able to share a finished app as a template, and you'll duplicate it here in one click. Until then, start from a blank app."
        action={
          <Button asChild>
            <Link to={signedIn ? "/apps" : "/login?mode=signup"} data-testid="templates-start">
              <PlusIcon />
              {signedIn ? "Create an app" : "Start building free"}
            </Link>
          </Button>
        }
        className="py-20"
      />
    </div>
  );
}

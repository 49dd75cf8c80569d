import { LogIn } from "lucide-react";
import { User } from "@/api/entities";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/** Shown instead of private data when nobody is signed in: the page's one heading (h1). */
export default function SignInCard({ icon: Icon, title, description }) {
  return (
    <Card className="mx-auto mt-10 max-w-md text-center">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-10">
        <div className="flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="h-6 w-6" />
        </div>
        <div className="space-y-1">
          <h1 className="text-lg font-semibold">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <Button onClick={() => User.login()}>
          <LogIn className="h-4 w-4" />
          Sign in to continue
        </Button>
      </CardContent>
    </Card>
  );
}

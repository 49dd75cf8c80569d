import { format, parseISO } from "date-fns";
import { Building2, Plus, Search, Users } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "sonner";
import { Contact } from "@/api/entities";
import { ContactStatusBadge } from "@/components/crm/Badges";
import ContactDialog from "@/components/crm/ContactDialog";
import SignInCard from "@/components/SignInCard";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CONTACT_STATUSES, initials } from "@/services/crm";
import { useCurrentUser } from "@/services/currentUser";
import { createPageUrl } from "@/utils";

function contactUrl(contact) {
  return `${createPageUrl("ContactDetail")}?id=${contact.id}`;
}

function matches(contact, query) {
  const text = `${contact.name} ${contact.email ?? ""} ${contact.company ?? ""} ${contact.jobTitle ?? ""}`;
  return text.toLowerCase().includes(query.toLowerCase());
}

export default function Contacts() {
  const { user, loading: userLoading } = useCurrentUser();
  const [contacts, setContacts] = useState([]);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState("all");
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    if (!user) return;
    Contact.list("name", 500)
      .then(setContacts)
      .catch(() => toast.error("Could not load contacts"))
      .finally(() => setLoading(false));
  }, [user]);

  const visible = useMemo(
    () =>
      contacts.filter(
        (contact) => (status === "all" || contact.status === status) && matches(contact, query),
      ),
    [contacts, query, status],
  );

  if (!userLoading && !user) {
    return (
      <SignInCard
        icon={Users}
        title="Your contacts live here"
        description="Sign in to see and manage your contacts."
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Contacts</h1>
          <p className="text-sm text-muted-foreground">
            {loading ? "Loading…" : `${contacts.length} people you work with`}
          </p>
        </div>
        <Button onClick={() => setDialogOpen(true)}>
          <Plus className="h-4 w-4" />
          Add contact
        </Button>
      </div>

      {/* The status tabs control the list below: it is their tab panel. */}
      <Tabs value={status} onValueChange={setStatus} className="space-y-6">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="relative md:w-80">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search name, company or e-mail"
              aria-label="Search contacts"
              className="bg-background pl-9"
            />
          </div>
          <div className="overflow-x-auto">
            <TabsList>
              <TabsTrigger value="all">All</TabsTrigger>
              {CONTACT_STATUSES.map((item) => (
                <TabsTrigger key={item.id} value={item.id}>
                  {item.label}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
        </div>

        <TabsContent value={status} className="mt-0">
          {loading ? (
            <Card className="divide-y divide-border">
              {[0, 1, 2, 3, 4, 5].map((n) => (
                <div key={n} className="flex items-center gap-3 p-4">
                  <Skeleton className="h-9 w-9 rounded-full" />
                  <div className="flex-1 space-y-2">
                    <Skeleton className="h-4 w-40" />
                    <Skeleton className="h-3 w-56" />
                  </div>
                </div>
              ))}
            </Card>
          ) : visible.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
              <Users className="h-10 w-10 text-muted-foreground" />
              <div>
                <p className="font-medium">
                  {contacts.length === 0 ? "No contacts yet" : "No contacts match"}
                </p>
                <p className="text-sm text-muted-foreground">
                  {contacts.length === 0
                    ? "Add the first person you're talking to."
                    : "Try another search or status."}
                </p>
              </div>
              {contacts.length === 0 ? (
                <Button onClick={() => setDialogOpen(true)}>
                  <Plus className="h-4 w-4" />
                  Add contact
                </Button>
              ) : null}
            </Card>
          ) : (
            <>
              <Card className="hidden overflow-hidden md:block">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Name</TableHead>
                      <TableHead>Company</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead className="text-right">Last contacted</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {visible.map((contact) => (
                      <TableRow key={contact.id}>
                        <TableCell>
                          <Link to={contactUrl(contact)} className="flex items-center gap-3">
                            <Avatar className="h-9 w-9">
                              <AvatarFallback className="bg-primary/10 text-xs font-medium text-primary">
                                {initials(contact.name)}
                              </AvatarFallback>
                            </Avatar>
                            <span>
                              <span className="block font-medium hover:underline">{contact.name}</span>
                              <span className="block text-xs text-muted-foreground">{contact.email}</span>
                            </span>
                          </Link>
                        </TableCell>
                        <TableCell>
                          <span className="block">{contact.company || "—"}</span>
                          <span className="block text-xs text-muted-foreground">{contact.jobTitle}</span>
                        </TableCell>
                        <TableCell>
                          <ContactStatusBadge status={contact.status} />
                        </TableCell>
                        <TableCell className="text-right text-sm text-muted-foreground">
                          {contact.lastContactedAt
                            ? format(parseISO(contact.lastContactedAt), "MMM d, yyyy")
                            : "Never"}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Card>

              <div className="grid gap-3 md:hidden">
                {visible.map((contact) => (
                  <Link key={contact.id} to={contactUrl(contact)}>
                    <Card className="flex items-center gap-3 p-4">
                      <Avatar className="h-10 w-10">
                        <AvatarFallback className="bg-primary/10 text-sm font-medium text-primary">
                          {initials(contact.name)}
                        </AvatarFallback>
                      </Avatar>
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{contact.name}</p>
                        <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
                          <Building2 className="h-3 w-3" />
                          {contact.company || "No company"}
                        </p>
                      </div>
                      <ContactStatusBadge status={contact.status} />
                    </Card>
                  </Link>
                ))}
              </div>
            </>
          )}
        </TabsContent>
      </Tabs>

      <ContactDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onSaved={(saved) =>
          setContacts((current) => [...current, saved].sort((a, b) => a.name.localeCompare(b.name)))
        }
      />
    </div>
  );
}

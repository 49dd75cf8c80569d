import { format, parseISO } from "date-fns";
import { ArrowLeft, Building2, CalendarCheck, Mail, Pencil, Phone, Plus, Trash2, UserX } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "sonner";
import { Contact, Deal } from "@/api/entities";
import { ContactStatusBadge, StageBadge } from "@/components/crm/Badges";
import ContactDialog from "@/components/crm/ContactDialog";
import DealDialog from "@/components/crm/DealDialog";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney, initials, OPEN_STAGES, sumValue } from "@/services/crm";
import { createPageUrl } from "@/utils";

function Detail({ icon: Icon, children }) {
  return (
    <div className="flex items-center gap-3 text-sm">
      <Icon className="h-4 w-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 truncate">{children}</span>
    </div>
  );
}

export default function ContactDetail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get("id");
  const [contact, setContact] = useState(null);
  const [deals, setDeals] = useState([]);
  const [status, setStatus] = useState("loading");
  const [editing, setEditing] = useState(false);
  const [dealDialog, setDealDialog] = useState({ open: false, deal: null });

  useEffect(() => {
    if (!id) {
      setStatus("missing");
      return;
    }
    setStatus("loading");
    Contact.get(id)
      .then(async (found) => {
        setContact(found);
        setDeals(found.email ? await Deal.filter({ contactEmail: found.email }, "-updatedAt") : []);
        setStatus("ready");
      })
      .catch(() => setStatus("missing"));
  }, [id]);

  async function markContacted() {
    try {
      const updated = await Contact.update(contact.id, {
        lastContactedAt: new Date().toISOString().slice(0, 10),
      });
      setContact(updated);
      toast.success("Marked as contacted today");
    } catch {
      toast.error("Could not update the contact");
    }
  }

  async function deleteContact() {
    if (!window.confirm(`Delete ${contact.name}? Their deals stay in the pipeline.`)) return;
    try {
      await Contact.delete(contact.id);
      toast.success("Contact deleted");
      navigate(createPageUrl("Contacts"));
    } catch {
      toast.error("Could not delete the contact");
    }
  }

  if (status === "loading") {
    return (
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl lg:col-span-2" />
      </div>
    );
  }

  if (status === "missing") {
    return (
      <Card className="mx-auto mt-8 flex max-w-md flex-col items-center gap-3 px-6 py-12 text-center">
        <UserX className="h-10 w-10 text-muted-foreground" />
        <div>
          <h1 className="font-medium">Contact not found</h1>
          <p className="text-sm text-muted-foreground">
            It may have been deleted, or the link is incomplete.
          </p>
        </div>
        <Button variant="outline" asChild>
          <Link to={createPageUrl("Contacts")}>Back to contacts</Link>
        </Button>
      </Card>
    );
  }

  const openValue = sumValue(deals.filter((deal) => OPEN_STAGES.includes(deal.stage)));
  const wonValue = sumValue(deals.filter((deal) => deal.stage === "won"));

  return (
    <div className="space-y-6">
      <Link
        to={createPageUrl("Contacts")}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" />
        Contacts
      </Link>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <CardContent className="space-y-5 p-6">
            <div className="flex items-start gap-4">
              <Avatar className="h-14 w-14">
                <AvatarFallback className="bg-primary/10 text-lg font-semibold text-primary">
                  {initials(contact.name)}
                </AvatarFallback>
              </Avatar>
              <div className="min-w-0 flex-1">
                <h1 className="truncate text-xl font-semibold tracking-tight">{contact.name}</h1>
                <p className="truncate text-sm text-muted-foreground">
                  {[contact.jobTitle, contact.company].filter(Boolean).join(" at ") || "No role yet"}
                </p>
                <div className="mt-2">
                  <ContactStatusBadge status={contact.status} />
                </div>
              </div>
            </div>
            <div className="space-y-3">
              {contact.email ? (
                <Detail icon={Mail}>
                  <a href={`mailto:${contact.email}`} className="text-primary hover:underline">
                    {contact.email}
                  </a>
                </Detail>
              ) : null}
              {contact.phone ? <Detail icon={Phone}>{contact.phone}</Detail> : null}
              {contact.company ? <Detail icon={Building2}>{contact.company}</Detail> : null}
              <Detail icon={CalendarCheck}>
                {contact.lastContactedAt
                  ? `Last contacted ${format(parseISO(contact.lastContactedAt), "MMM d, yyyy")}`
                  : "Not contacted yet"}
              </Detail>
            </div>
            {contact.notes ? (
              <>
                <Separator />
                <p className="whitespace-pre-line text-sm text-muted-foreground">{contact.notes}</p>
              </>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={markContacted}>
                <CalendarCheck className="h-4 w-4" />
                Contacted today
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                <Pencil className="h-4 w-4" />
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive hover:text-destructive"
                onClick={deleteContact}
                aria-label={`Delete ${contact.name}`}
              >
                <Trash2 className="h-4 w-4" />
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader className="flex flex-row items-center justify-between space-y-0">
            <div>
              <CardTitle as="h2" className="text-base">
                Deals
              </CardTitle>
              <p className="mt-1 text-sm text-muted-foreground">
                {formatMoney(openValue)} open · {formatMoney(wonValue)} won
              </p>
            </div>
            <Button
              size="sm"
              onClick={() => setDealDialog({ open: true, deal: null })}
              disabled={!contact.email}
            >
              <Plus className="h-4 w-4" />
              New deal
            </Button>
          </CardHeader>
          <CardContent>
            {deals.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
                {contact.email
                  ? "No deals with this contact yet."
                  : "Add an e-mail address to track deals with this contact."}
              </p>
            ) : (
              <ul className="divide-y divide-border">
                {deals.map((deal) => (
                  <li key={deal.id}>
                    <button
                      type="button"
                      onClick={() => setDealDialog({ open: true, deal })}
                      className="flex w-full items-center gap-4 py-3 text-left hover:bg-muted/50"
                    >
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{deal.title}</p>
                        <p className="text-xs text-muted-foreground">
                          {deal.expectedCloseDate
                            ? `Close ${format(parseISO(deal.expectedCloseDate), "MMM d, yyyy")}`
                            : "No close date"}
                        </p>
                      </div>
                      <StageBadge stage={deal.stage} />
                      <span className="w-24 text-right font-medium tabular-nums">
                        {formatMoney(deal.value)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <ContactDialog open={editing} onOpenChange={setEditing} contact={contact} onSaved={setContact} />
      <DealDialog
        open={dealDialog.open}
        deal={dealDialog.deal}
        contact={contact}
        onOpenChange={(open) => setDealDialog((current) => ({ ...current, open }))}
        onSaved={(saved) =>
          setDeals((current) =>
            current.some((deal) => deal.id === saved.id)
              ? current.map((deal) => (deal.id === saved.id ? saved : deal))
              : [saved, ...current],
          )
        }
      />
    </div>
  );
}

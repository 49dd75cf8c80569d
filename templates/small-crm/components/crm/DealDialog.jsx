import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Deal } from "@/api/entities";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { STAGES } from "@/services/crm";

const NO_CONTACT = "none";

function toForm(deal, contact) {
  return {
    title: deal?.title ?? "",
    value: deal?.value != null ? String(deal.value) : "",
    stage: deal?.stage ?? "lead",
    expectedCloseDate: deal?.expectedCloseDate ?? "",
    contactEmail: deal?.contactEmail ?? contact?.email ?? NO_CONTACT,
  };
}

/**
 * Create or edit a deal. `contacts` fills the contact picker; `contact` preselects one
 * (and hides the picker) when the dialog opens from a contact's page.
 */
export default function DealDialog({ open, onOpenChange, deal, contact, contacts = [], onSaved }) {
  const [form, setForm] = useState(toForm(deal, contact));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) setForm(toForm(deal, contact));
  }, [open, deal, contact]);

  const set = (field, value) => setForm((current) => ({ ...current, [field]: value }));
  const withEmail = contacts.filter((item) => item.email);

  async function handleSubmit(event) {
    event.preventDefault();
    const linked = contact ?? withEmail.find((item) => item.email === form.contactEmail);
    const closing = form.stage === "won" || form.stage === "lost";
    const data = {
      title: form.title.trim(),
      value: Number(form.value) || 0,
      stage: form.stage,
      expectedCloseDate: form.expectedCloseDate || null,
      contactEmail: linked?.email ?? null,
      company: linked?.company ?? deal?.company ?? null,
      closedAt: closing ? (deal?.closedAt ?? new Date().toISOString().slice(0, 10)) : null,
    };
    setSaving(true);
    try {
      const saved = deal ? await Deal.update(deal.id, data) : await Deal.create(data);
      toast.success(deal ? "Deal updated" : "Deal created");
      onSaved(saved);
      onOpenChange(false);
    } catch (error) {
      toast.error(error?.message ?? "Could not save the deal");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={handleSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{deal ? "Edit deal" : "New deal"}</DialogTitle>
            <DialogDescription>
              {contact ? `A deal with ${contact.name}.` : "An opportunity you're working on."}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="deal-title">Title</Label>
            <Input
              id="deal-title"
              required
              autoFocus
              value={form.title}
              onChange={(event) => set("title", event.target.value)}
              placeholder="Annual plan — 20 seats"
            />
          </div>
          {!contact ? (
            <div className="grid gap-2">
              <Label htmlFor="deal-contact">Contact</Label>
              <Select value={form.contactEmail} onValueChange={(value) => set("contactEmail", value)}>
                <SelectTrigger id="deal-contact">
                  <SelectValue placeholder="Choose a contact" />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_CONTACT}>No contact</SelectItem>
                  {withEmail.map((item) => (
                    <SelectItem key={item.id} value={item.email}>
                      {item.name}
                      {item.company ? ` · ${item.company}` : ""}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : null}
          <div className="grid grid-cols-2 gap-4">
            <div className="grid gap-2">
              <Label htmlFor="deal-value">Value (USD)</Label>
              <Input
                id="deal-value"
                type="number"
                min="0"
                step="100"
                value={form.value}
                onChange={(event) => set("value", event.target.value)}
                placeholder="5000"
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="deal-stage">Stage</Label>
              <Select value={form.stage} onValueChange={(value) => set("stage", value)}>
                <SelectTrigger id="deal-stage">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {STAGES.map((stage) => (
                    <SelectItem key={stage.id} value={stage.id}>
                      {stage.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="deal-close">Expected close date</Label>
            <Input
              id="deal-close"
              type="date"
              value={form.expectedCloseDate}
              onChange={(event) => set("expectedCloseDate", event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || !form.title.trim()}>
              {saving ? <Loader2 className="h-4 w-4 animate-spin" /> : null}
              {deal ? "Save changes" : "Create deal"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

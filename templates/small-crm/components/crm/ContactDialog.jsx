import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Contact } from "@/api/entities";
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
import { Textarea } from "@/components/ui/textarea";
import { CONTACT_STATUSES } from "@/services/crm";

const FIELDS = ["name", "email", "phone", "company", "jobTitle", "notes"];

function toForm(contact) {
  const form = { status: contact?.status ?? "lead" };
  for (const field of FIELDS) form[field] = contact?.[field] ?? "";
  return form;
}

/** Add a contact, or edit one. Calls onSaved with the stored record. */
export default function ContactDialog({ open, onOpenChange, contact, onSaved }) {
  const [form, setForm] = useState(toForm(contact));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) setForm(toForm(contact));
  }, [open, contact]);

  const bind = (field) => ({
    value: form[field],
    onChange: (event) => setForm((current) => ({ ...current, [field]: event.target.value })),
  });

  async function handleSubmit(event) {
    event.preventDefault();
    setSaving(true);
    const data = { ...form, email: form.email.trim() || null, name: form.name.trim() };
    try {
      const saved = contact ? await Contact.update(contact.id, data) : await Contact.create(data);
      toast.success(contact ? "Contact updated" : `${saved.name} added`);
      onSaved(saved);
      onOpenChange(false);
    } catch (error) {
      toast.error(error?.message ?? "Could not save the contact");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={handleSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{contact ? "Edit contact" : "New contact"}</DialogTitle>
            <DialogDescription>People you sell to, and how to reach them.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="contact-name">Name</Label>
              <Input id="contact-name" required autoFocus placeholder="Jane Cooper" {...bind("name")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="contact-email">E-mail</Label>
              <Input id="contact-email" type="email" placeholder="jane@company.com" {...bind("email")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="contact-phone">Phone</Label>
              <Input id="contact-phone" placeholder="+1 555 0100" {...bind("phone")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="contact-company">Company</Label>
              <Input id="contact-company" placeholder="Acme Inc." {...bind("company")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="contact-title">Job title</Label>
              <Input id="contact-title" placeholder="Head of Sales" {...bind("jobTitle")} />
            </div>
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="contact-status">Status</Label>
              <Select
                value={form.status}
                onValueChange={(status) => setForm((current) => ({ ...current, status }))}
              >
                <SelectTrigger id="contact-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CONTACT_STATUSES.map((status) => (
                    <SelectItem key={status.id} value={status.id}>
                      {status.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="contact-notes">Notes</Label>
              <Textarea
                id="contact-notes"
                rows={3}
                placeholder="Anything worth remembering"
                {...bind("notes")}
              />
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || !form.name.trim()}>
              {saving ? <Loader2 className="h-4 w-4 animate-spin" /> : null}
              {contact ? "Save changes" : "Add contact"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

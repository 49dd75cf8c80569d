import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Service } from "@/api/entities";
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
import { Textarea } from "@/components/ui/textarea";

function toForm(service) {
  return {
    name: service?.name ?? "",
    description: service?.description ?? "",
    category: service?.category ?? "",
    durationMinutes: String(service?.durationMinutes ?? 60),
    price: String(service?.price ?? 0),
  };
}

export default function ServiceDialog({ open, onOpenChange, service, onSaved }) {
  const [form, setForm] = useState(toForm(service));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) setForm(toForm(service));
  }, [open, service]);

  const bind = (field) => ({
    value: form[field],
    onChange: (event) => setForm((current) => ({ ...current, [field]: event.target.value })),
  });

  async function handleSubmit(event) {
    event.preventDefault();
    const data = {
      name: form.name.trim(),
      description: form.description.trim(),
      category: form.category.trim(),
      durationMinutes: Number.parseInt(form.durationMinutes, 10) || 60,
      price: Number(form.price) || 0,
    };
    setSaving(true);
    try {
      const saved = service
        ? await Service.update(service.id, data)
        : await Service.create({ ...data, active: true });
      toast.success(service ? "Service updated" : "Service added");
      onSaved(saved);
      onOpenChange(false);
    } catch (error) {
      toast.error(error?.message ?? "Could not save the service");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={handleSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{service ? "Edit service" : "New service"}</DialogTitle>
            <DialogDescription>What customers see on the services page.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="service-name">Name</Label>
            <Input id="service-name" required autoFocus {...bind("name")} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="service-description">Description</Label>
            <Textarea id="service-description" rows={3} {...bind("description")} />
          </div>
          <div className="grid grid-cols-3 gap-3">
            <div className="grid gap-2">
              <Label htmlFor="service-category">Category</Label>
              <Input id="service-category" placeholder="Massage" {...bind("category")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="service-duration">Minutes</Label>
              <Input
                id="service-duration"
                type="number"
                min="5"
                max="480"
                step="5"
                {...bind("durationMinutes")}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="service-price">Price ($)</Label>
              <Input id="service-price" type="number" min="0" step="1" {...bind("price")} />
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || !form.name.trim()}>
              {saving ? <Loader2 className="h-4 w-4 animate-spin" /> : null}
              {service ? "Save changes" : "Add service"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

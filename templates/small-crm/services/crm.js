export const STAGES = [
  { id: "lead", label: "Lead", color: "#94a3b8" },
  { id: "qualified", label: "Qualified", color: "#60a5fa" },
  { id: "proposal", label: "Proposal", color: "#a78bfa" },
  { id: "negotiation", label: "Negotiation", color: "#f59e0b" },
  { id: "won", label: "Won", color: "#10b981" },
  { id: "lost", label: "Lost", color: "#f43f5e" },
];

export const OPEN_STAGES = ["lead", "qualified", "proposal", "negotiation"];

export const CONTACT_STATUSES = [
  { id: "lead", label: "Lead", className: "border-slate-200 bg-slate-50 text-slate-700" },
  { id: "prospect", label: "Prospect", className: "border-sky-200 bg-sky-50 text-sky-700" },
  { id: "customer", label: "Customer", className: "border-emerald-200 bg-emerald-50 text-emerald-700" },
  { id: "inactive", label: "Inactive", className: "border-zinc-200 bg-zinc-100 text-zinc-500" },
];

export function stageMeta(id) {
  return STAGES.find((stage) => stage.id === id) ?? STAGES[0];
}

export function contactStatusMeta(id) {
  return CONTACT_STATUSES.find((status) => status.id === id) ?? CONTACT_STATUSES[0];
}

const currency = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

export function formatMoney(value) {
  return currency.format(Number(value) || 0);
}

export function initials(name) {
  return (name || "?")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0].toUpperCase())
    .join("");
}

export function sumValue(deals) {
  return deals.reduce((total, deal) => total + (Number(deal.value) || 0), 0);
}

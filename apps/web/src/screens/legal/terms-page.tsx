import { LegalDocument, type LegalSection } from "./legal-document.tsx";

const SECTIONS: readonly LegalSection[] = [
  {
    title: "Who these terms are between",
    paragraphs: [
      'Liftoff is self-hostable software. This instance is run by the operator of this Liftoff instance ("the operator", "we", "us"), not by the authors of the Liftoff software. These terms are an agreement between you and the operator about your use of this instance.',
      "By creating an account, signing in, building apps or running apps published on this instance, you accept these terms. If you do not accept them, do not use this instance.",
    ],
  },
  {
    title: "Your account",
    bullets: [
      "You must give a valid e-mail address and keep your password secret. You are responsible for everything done with your account.",
      "You must verify your e-mail address before you can use every feature. Changing your e-mail address requires your current password.",
      "Tell the operator promptly if you think someone else has access to your account.",
      "You must be old enough to enter into a binding agreement where you live, or have the permission of a parent or guardian.",
    ],
  },
  {
    title: "Your apps and content",
    paragraphs: [
      "You keep every right you have in the texts, files, data sources, branding and other material you put into this instance, and in the apps you build with it. You give the operator the permission needed to store, process, copy and display that material only to run the service for you and for the people who use your apps.",
      "You are responsible for your apps: for what they say, for the data they collect from their users, and for having the rights to everything you upload. When you enable user sign-up or paid memberships in an app, you are the one offering that app to its users and you must give them your own terms of service and privacy policy.",
    ],
  },
  {
    title: "Acceptable use",
    paragraphs: ["You must not use this instance, or the apps built on it, to:"],
    bullets: [
      "break the law or infringe anyone's rights, including intellectual property and privacy rights;",
      "create or spread malware, spam, phishing or deceptive content, or impersonate others;",
      "harass, threaten or harm people, or produce content that sexualises minors;",
      "probe, overload or circumvent the security, rate limits or plan limits of this instance;",
      "resell or give away access to this instance without the operator's written permission.",
    ],
  },
  {
    title: "AI-generated output",
    paragraphs: [
      "Apps on this instance send prompts to AI models chosen by the operator. AI output can be wrong, incomplete or inappropriate. Review it before you rely on it, and do not present it as professional advice (medical, legal, financial or similar) without qualified human review.",
      "You are responsible for the prompts you write and for how you and your app users use the output.",
    ],
  },
  {
    title: "Plans and limits",
    paragraphs: [
      "Each account sits on a plan. A plan sets limits such as the number of apps, tools, app runs and data items, and unlocks features such as custom domains or hiding the watermark. The current limits are shown on the pricing page and in your settings.",
      "Plans are assigned by the operator. When a limit is reached, the related action stops until the next period or until you move to a higher plan. The operator may change the plans it offers; changes that reduce what you have already paid for apply from your next billing period.",
    ],
  },
  {
    title: "Availability and changes",
    paragraphs: [
      "The operator aims to keep this instance available but does not promise it will be uninterrupted or error-free. Features may be added, changed or removed, and maintenance may require downtime. Keep your own copies of material that matters to you.",
    ],
  },
  {
    title: "Suspension and termination",
    paragraphs: [
      "You can stop using this instance at any time and ask the operator to delete your account.",
      "The operator may suspend or disable an account, or unpublish an app, that breaks these terms or puts the instance or other people at risk. Where it is reasonable, the operator will tell you why and give you a chance to fix the problem first.",
    ],
  },
  {
    title: "Disclaimer",
    paragraphs: [
      'This instance is provided "as is" and "as available". To the fullest extent the law allows, the operator gives no warranty of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement.',
    ],
  },
  {
    title: "Limitation of liability",
    paragraphs: [
      "To the fullest extent the law allows, the operator is not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or data, arising from your use of this instance. Nothing in these terms limits liability that cannot be limited by law.",
    ],
  },
  {
    title: "Changes to these terms",
    paragraphs: [
      "The operator may update these terms. Material changes will be announced on this instance or by e-mail before they take effect. If you keep using the instance after a change takes effect, the updated terms apply.",
    ],
  },
  {
    title: "Contact",
    paragraphs: [
      "Questions about these terms go to the operator of this Liftoff instance, using the support contact they publish for this instance.",
    ],
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="These terms explain the rules for using this Liftoff instance: building AI-powered apps, publishing them and running apps that others have published."
      sections={SECTIONS}
    />
  );
}

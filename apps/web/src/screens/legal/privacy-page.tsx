import { LegalDocument, type LegalSection } from "./legal-document.tsx";

const SECTIONS: readonly LegalSection[] = [
  {
    title: "Who is responsible",
    paragraphs: [
      'This Liftoff instance is run by the operator of this Liftoff instance ("the operator", "we"). The operator decides how personal data on this instance is processed and is responsible for it. The authors of the Liftoff software do not receive your data.',
      "When you use an app that someone else built and published here, the builder of that app is also responsible for the data that app asks you for. Check the app's own privacy policy.",
    ],
  },
  {
    title: "What we collect",
    bullets: [
      "Account data: your e-mail address, your name, whether your e-mail is verified, and your password stored only as a salted hash. If you sign in with a social provider, the profile details that provider shares (name, e-mail, picture).",
      "Plan and usage data: your plan, and counters such as app runs, app generations, data processing and builder chat messages, used to apply plan limits.",
      "Content: the apps you build, their texts, settings, branding, tools, data sources, files and chat messages with the builder assistant.",
      "App run data: the inputs you type into apps and the results they produce.",
      "Technical data: IP address, browser and device details, and timestamps in server logs, used for security and troubleshooting.",
    ],
  },
  {
    title: "Cookies",
    paragraphs: [
      "We use one essential cookie, liftoff_token, to keep you signed in. It is refreshed while you use the instance and removed when you log out. We do not use advertising cookies or third-party trackers.",
    ],
  },
  {
    title: "How we use data",
    paragraphs: ["We use personal data only:"],
    bullets: [
      "to create and secure your account, sign you in and send service e-mails such as verification and password-reset messages;",
      "to store, build, publish and run your apps;",
      "to count usage against your plan's limits and show it to you;",
      "to prevent abuse, investigate problems and keep the instance running;",
      "to meet legal obligations.",
    ],
  },
  {
    title: "AI model providers",
    paragraphs: [
      "When you or your app users run an app, or chat with the builder assistant, the relevant prompts, inputs and data-source excerpts are sent to the AI model provider configured by the operator, only to produce the answer. Those providers process the data under their own terms.",
    ],
  },
  {
    title: "Sharing",
    paragraphs: [
      "We do not sell personal data. We share it only with service providers that help run this instance (such as hosting, e-mail delivery, AI model and payment providers), when you ask us to (for example by publishing an app), or when the law requires it.",
    ],
  },
  {
    title: "Retention",
    paragraphs: [
      "We keep account data and content while your account exists. When you ask for your account to be deleted, we delete or anonymise your data within a reasonable time, except what we must keep for legal, security or accounting reasons. Server logs are kept only as long as needed for security and troubleshooting.",
    ],
  },
  {
    title: "Security",
    paragraphs: [
      "Passwords are stored only as hashes, sessions expire, and access to data is limited to what each feature needs. No system is perfectly secure; tell the operator right away if you notice anything suspicious.",
    ],
  },
  {
    title: "Your rights",
    paragraphs: [
      "Depending on where you live, you may have the right to access, correct, export or delete your personal data, to object to or restrict some processing, and to complain to a data protection authority. You can update your name, e-mail address and password in Settings at any time; for anything else, contact the operator.",
    ],
  },
  {
    title: "Children",
    paragraphs: [
      "This instance is not meant for children under 13, or the higher age of digital consent where you live. We do not knowingly collect their personal data.",
    ],
  },
  {
    title: "Changes to this policy",
    paragraphs: [
      "The operator may update this policy. Material changes will be announced on this instance or by e-mail before they take effect.",
    ],
  },
  {
    title: "Contact",
    paragraphs: [
      "For privacy questions or requests, contact the operator of this Liftoff instance using the support contact they publish for this instance.",
    ],
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="This policy explains what personal data this Liftoff instance collects, why, and the choices you have."
      sections={SECTIONS}
    />
  );
}

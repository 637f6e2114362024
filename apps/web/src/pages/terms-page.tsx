import { LegalPage, type LegalSection } from '../components/layout/legal-page';
import { SUPPORT_EMAIL } from '../app/routes';

const sections: LegalSection[] = [
  {
    heading: 'The service',
    body: (
      <p>
        VeoLearn lets teachers and trainers turn videos into interactive lessons: you provide a video link and its
        transcript, VeoLearn suggests timed questions, you review them, and learners answer them while the video plays.
        Lessons can be shared by link, embedded, launched from a learning management system (LTI) or exported as SCORM
        packages where your plan includes it.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <>
        <p>
          You need an account to create lessons. Keep your password private; you are responsible for activity on your
          account. Tell us at once if you think someone else has used it.
        </p>
        <p>After repeated failed sign-in attempts we lock an account for a short time to protect it.</p>
      </>
    ),
  },
  {
    heading: 'Free trial and paid plans',
    body: (
      <>
        <p>
          New accounts start with a 7-day free trial, no credit card required. The trial includes one interactive video
          and does not include LTI or SCORM export.
        </p>
        <p>
          Paid plans are billed per seat per month in Australian dollars: Pro at $200 AUD (up to 50 videos, LTI and
          export) and Enterprise at $500 AUD (unlimited videos). Prices may change with 30 days&apos; notice.
        </p>
      </>
    ),
  },
  {
    heading: 'Your content',
    body: (
      <>
        <p>
          You keep ownership of the transcripts, questions and other material you add. You give us permission to store
          and process it only to run the service for you and your learners.
        </p>
        <p>
          Only add videos and transcripts you have the right to use. Videos hosted on YouTube remain subject to
          YouTube&apos;s own terms.
        </p>
      </>
    ),
  },
  {
    heading: 'AI-generated questions',
    body: (
      <p>
        Questions and feedback written by AI can be wrong or incomplete. Review them before you share a lesson; you are
        responsible for the lessons you publish.
      </p>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <p>
        Do not use VeoLearn to break the law, infringe others&apos; rights, distribute malware, attack or overload the
        service, or access accounts or data that are not yours.
      </p>
    ),
  },
  {
    heading: 'Availability and changes',
    body: (
      <p>
        We work to keep VeoLearn available but do not guarantee uninterrupted service. We may change or discontinue
        features, and will give reasonable notice of changes that materially affect paid plans.
      </p>
    ),
  },
  {
    heading: 'Ending your account',
    body: (
      <p>
        You may stop using VeoLearn at any time. We may suspend accounts that break these terms. Nothing in these terms
        limits rights you have under the Australian Consumer Law.
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <p>
        Questions about these terms: <a className="text-primary underline" href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return <LegalPage title="Terms of Service" updated="November 2026" sections={sections} />;
}

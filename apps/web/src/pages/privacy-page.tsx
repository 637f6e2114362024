import { LegalPage, type LegalSection } from '../components/layout/legal-page';
import { SUPPORT_EMAIL } from '../app/routes';

const sections: LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>Account details: username, e-mail address, optional first and last name, and a hash of your password.</li>
        <li>If you sign in with Google: your Google account identifier, name and e-mail address.</li>
        <li>Lesson content you add: video links, transcripts, questions, folders.</li>
        <li>Learner activity on your lessons: answers and scores, linked to an anonymous id or to the LMS user.</li>
        <li>Security records: sign-in attempts, the IP address and time, used to detect abuse and lock accounts.</li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <p>
        To run your account and lessons, to generate questions from the transcripts you provide, to return grades to
        your learning management system, to keep the service secure, and to bill paid plans. We do not sell personal
        information and do not use it for advertising.
      </p>
    ),
  },
  {
    heading: 'AI processing',
    body: (
      <p>
        When you ask VeoLearn to write questions, the transcript you provided is sent to the AI provider configured for
        the service, only to produce those questions. Do not put personal information about learners in transcripts.
      </p>
    ),
  },
  {
    heading: 'Storage in your browser',
    body: (
      <p>
        VeoLearn keeps your session token in your browser&apos;s local storage so you stay signed in, and briefly
        remembers the page you were on when you start a Google sign-in. Signing out removes the token.
      </p>
    ),
  },
  {
    heading: 'Sharing',
    body: (
      <p>
        We share data only with the providers that host and operate the service (hosting, database, e-mail, payment,
        AI), with the learning management systems you connect, or where the law requires it.
      </p>
    ),
  },
  {
    heading: 'Keeping and deleting data',
    body: (
      <p>
        We keep your data while your account is open. Deleting a video deletes its questions and learner answers. To
        close your account and delete its data, write to support.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You can ask to see, correct, export or delete your personal information, and complain to the privacy regulator
        where you live (in Australia, the OAIC).
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <p>
        Privacy questions: <a className="text-primary underline" href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" updated="November 2026" sections={sections} />;
}

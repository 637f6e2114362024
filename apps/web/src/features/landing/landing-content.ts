import {
  Award,
  BarChart3,
  Brain,
  Glasses,
  ListChecks,
  PlaySquare,
  Plug,
  type LucideIcon,
} from 'lucide-react';

export interface Step {
  title: string;
  description: string;
}

export const HOW_IT_WORKS: Step[] = [
  { title: 'Add a video', description: 'Paste a YouTube link (or pick one from search) for the lesson you want to teach.' },
  { title: 'Paste the transcript', description: 'Copy the transcript from YouTube or your own notes; it is what the AI reads.' },
  { title: 'Review AI questions', description: 'VeoLearn drafts timed questions and feedback. Edit, reorder or delete anything.' },
  { title: 'Share with learners', description: 'Send a link, embed it, launch it from your LMS or export a SCORM package.' },
];

export interface Stat {
  value: string;
  label: string;
}

/** Product facts, not performance claims. */
export const STATS: Stat[] = [
  { value: '10', label: 'question types' },
  { value: '5+', label: 'interactive video players' },
  { value: 'Brain-science', label: 'feedback on every answer' },
  { value: 'VR', label: '360° playback with quiz overlays' },
];

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
  color: string;
}

export const FEATURES: Feature[] = [
  {
    title: 'AI question generation',
    description: 'Timed questions drafted from your transcript, ready for you to review and edit.',
    icon: Brain,
    color: 'bg-violet-100 text-violet-700',
  },
  {
    title: '10 question types',
    description: 'Single and multiple choice, true/false, ranking and more, mixed through one video.',
    icon: ListChecks,
    color: 'bg-blue-100 text-blue-700',
  },
  {
    title: 'Pause-and-answer playback',
    description: 'The video pauses at each question; a wrong answer can send learners back to the chapter start.',
    icon: PlaySquare,
    color: 'bg-emerald-100 text-emerald-700',
  },
  {
    title: 'Brain-science feedback',
    description: 'Feedback explains why an answer is right or wrong, framed in how learning works.',
    icon: Brain,
    color: 'bg-pink-100 text-pink-700',
  },
  {
    title: 'Gamification',
    description: 'Scores, achievements, levels and streaks keep learners coming back.',
    icon: Award,
    color: 'bg-amber-100 text-amber-700',
  },
  {
    title: 'Progress tracking',
    description: 'See what each learner answered and where a lesson loses people.',
    icon: BarChart3,
    color: 'bg-teal-100 text-teal-700',
  },
  {
    title: 'VR and 360° video',
    description: 'Play lessons in a headset, with quiz overlays you answer using hand controllers.',
    icon: Glasses,
    color: 'bg-indigo-100 text-indigo-700',
  },
  {
    title: 'LTI 1.3 and SCORM',
    description: 'Launch from your LMS with grade passback, or export SCORM 1.2 / 2004 packages.',
    icon: Plug,
    color: 'bg-orange-100 text-orange-700',
  },
];

export interface Testimonial {
  name: string;
  role: string;
  content: string;
  avatar: string;
}

/** Illustrative quotes (the page labels them as such): VeoLearn has no published reviews yet. */
export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Secondary science teacher',
    role: 'Illustrative example',
    content:
      'I already use YouTube clips in class. Having the video stop and ask a question at the right moment is what turns watching into learning.',
    avatar: 'ST',
  },
  {
    name: 'Corporate trainer',
    role: 'Illustrative example',
    content:
      'Compliance videos are easy to skip through. Questions that pause playback, with scores sent back to our LMS, make completion mean something.',
    avatar: 'CT',
  },
  {
    name: 'University lecturer',
    role: 'Illustrative example',
    content:
      'Reviewing AI-drafted questions takes minutes instead of writing them from scratch, and I stay in control of every one.',
    avatar: 'UL',
  },
];

export interface PricingPlan {
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  excluded?: string[];
  cta: string;
  highlighted?: boolean;
}

export const PRICING_PLANS: PricingPlan[] = [
  {
    name: 'Free Trial',
    price: '$0',
    period: 'for 7 days',
    description: 'Try VeoLearn with one lesson. No credit card required.',
    features: ['1 interactive video', 'All 10 question types', 'VR playback', 'AI feedback and analytics'],
    excluded: ['No SCORM export', 'No LTI integration'],
    cta: 'Start Free Trial',
  },
  {
    name: 'Pro Plan',
    price: '$200',
    period: 'AUD / seat / month',
    description: 'For teachers and trainers publishing lessons regularly.',
    features: [
      '50 interactive videos',
      'Everything in the trial',
      'LTI 1.3 integration with grade passback',
      'SCORM 1.2 and 2004 export',
    ],
    cta: 'Start Free Trial',
    highlighted: true,
  },
  {
    name: 'Enterprise',
    price: '$500',
    period: 'AUD / seat / month',
    description: 'For schools and organisations rolling out at scale.',
    features: [
      'Unlimited interactive videos',
      'Everything in Pro',
      'Custom integrations',
      'Dedicated support',
      'Advanced security',
    ],
    cta: 'Start Free Trial',
  },
];

export interface Lms {
  name: string;
  description: string;
  setup: string;
}

export const LMS_LIST: Lms[] = [
  {
    name: 'Moodle',
    description: 'Open-source LMS used by schools and universities worldwide.',
    setup: 'Site administration → Plugins → External tool → Manage tools, then register VeoLearn as an LTI 1.3 tool.',
  },
  {
    name: 'Canvas',
    description: 'Instructure’s LMS, common in higher education.',
    setup: 'Admin → Developer Keys → + LTI Key with the VeoLearn configuration, then add the app to your account or course.',
  },
  {
    name: 'Blackboard',
    description: 'Blackboard Learn (Anthology), widely used by universities.',
    setup: 'Administrator Panel → Integrations → LTI Tool Providers → Register LTI 1.3 Tool using the VeoLearn client id.',
  },
  {
    name: 'Brightspace',
    description: 'D2L’s LMS for schools, higher education and businesses.',
    setup: 'Admin Tools → Manage Extensibility → LTI Advantage → Register Tool, then create a deployment and links.',
  },
  {
    name: 'Schoology',
    description: 'PowerSchool’s K-12 learning management system.',
    setup: 'System Settings → Integration → External Tools → add VeoLearn as an LTI 1.3 app for your school.',
  },
  {
    name: 'Google Classroom',
    description: 'Google’s classroom tool for Workspace for Education.',
    setup: 'Share a VeoLearn lesson link as an assignment; LTI 1.3 add-ons require Workspace for Education Plus.',
  },
];

export interface Faq {
  question: string;
  answer: string;
}

export const FAQS: Faq[] = [
  {
    question: 'What is an interactive video?',
    answer:
      'A video that pauses at set moments to ask the learner a question. Learners answer, get feedback, and continue, or go back to review the chapter if they got it wrong.',
  },
  {
    question: 'Which videos can I use?',
    answer:
      'Mostly YouTube videos: paste a link or search for one. You also provide the transcript, which is what the AI uses to write questions.',
  },
  {
    question: 'How are the questions created?',
    answer:
      'An AI model reads your transcript and drafts timed questions with feedback. You review and edit every question before sharing; AI can make mistakes, so the final say is yours.',
  },
  {
    question: 'What question types are there?',
    answer: 'Ten, including single choice, multiple choice, true/false and ranking.',
  },
  {
    question: 'What does the free trial include?',
    answer:
      'Seven days, no credit card, one interactive video with all question types, VR playback and analytics. SCORM export and LTI need the Pro or Enterprise plan.',
  },
  {
    question: 'Does it work with my LMS?',
    answer:
      'VeoLearn supports LTI 1.3 (Moodle, Canvas, Blackboard, Brightspace, Schoology and others) with grade passback, and exports SCORM 1.2 and 2004 packages for any SCORM-compliant LMS.',
  },
  {
    question: 'Do I need a VR headset?',
    answer:
      'No. Lessons play in any modern browser. A WebXR headset with hand controllers adds an immersive 360° mode.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Paid plans are monthly per seat in Australian dollars, and you can stop at the end of any month.',
  },
];

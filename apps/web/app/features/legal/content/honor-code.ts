import { COMPANY, type LegalDocument, SUPPORT_EMAIL } from './legal-document.ts';

// docs/product/public-site.md: six sections (personal behavior, students, service providers, confidentiality, contact,
// referrals); no academic dishonesty, Tutors 18+. The wording is ours.
export const honorCode: LegalDocument = {
  title: 'Honor Code',
  description: `How Students and Geeks work together on ${COMPANY}: honesty, respect and learning.`,
  dateLine: 'Last updated 23 November 2026',
  collapsible: true,
  intro: [
    `${COMPANY} exists to help people learn. Everyone who uses it — Students, Geeks and our own team — agrees to this code.`,
  ],
  sections: [
    {
      id: 'personal-behavior',
      title: '1. Personal behavior',
      body: [
        {
          items: [
            'Be honest about who you are. One person, one account.',
            'Be respectful and patient; no insults, harassment or discrimination.',
            'Keep communication and payments on the platform.',
          ],
        },
      ],
    },
    {
      id: 'students',
      title: '2. Students',
      body: [
        'Use the help you get to learn: study the explanations, feedback and sources your Geek suggests, and follow your school’s rules on collaboration and citation.',
        'Do not ask a Geek to write a paper, take a test or complete graded work for you to submit as your own.',
      ],
    },
    {
      id: 'service-providers',
      title: '3. Service providers',
      body: [
        {
          items: [
            'Geeks (Tutors) must be at least 18 years old and able to prove their credentials on request.',
            'Geeks do not facilitate academic dishonesty: they will not write a paper for submission, but they may explain a topic, review a draft, or suggest books and articles.',
            'Quote honestly for the amount and time of work, and deliver what was agreed on time.',
            'Never share content that shows anyone under 18.',
          ],
        },
      ],
    },
    {
      id: 'confidentiality',
      title: '4. Confidentiality',
      body: [
        'What a Student shares about a task stays between the Student, the Geek and our authorised staff. Do not copy, publish or reuse another person’s files or messages.',
      ],
    },
    {
      id: 'contact',
      title: '5. Contact',
      body: [
        `If you see behaviour that breaks this code, tell us at ${SUPPORT_EMAIL}. We may moderate, suspend or remove accounts that break it.`,
      ],
    },
    {
      id: 'referrals',
      title: '6. Referrals',
      body: [
        'Share your referral link only with people who may genuinely want to use Geekly. Creating accounts to refer yourself, or spamming links, is referral abuse: the bonuses are cancelled and the accounts involved may be suspended.',
      ],
    },
  ],
};

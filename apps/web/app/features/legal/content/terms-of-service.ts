import { PLATFORM_CHARGE, RELEASE_CLAUSE } from '@geekly/domain/payments/public-promises.ts';
import { COMPANY, type LegalDocument, SUPPORT_EMAIL } from './legal-document.ts';

// docs/product/public-site.md, docs/product/account.md: the nine sections, the business rules they state, Cyprus law and the English
// version prevailing. The wording is ours.
export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  description: `The rules for using ${COMPANY}: accounts, safety, content, payments, refunds and tutoring.`,
  dateLine: 'Last updated 23 November 2026',
  collapsible: true,
  intro: [
    `These terms are an agreement between you and ${COMPANY} ("we", "us"). They apply whenever you use our website or services, as a Student, as a Geek (also called a Tutor) or as a visitor. By creating an account or placing a task you accept them. If you do not agree, please do not use ${COMPANY}.`,
    `${COMPANY} is a marketplace: Students post study tasks and we connect them with Geeks — students, educators and learning enthusiasts — who help them learn. Planning, scheduling and messaging are free; you pay only when you share a task with a Geek.`,
  ],
  sections: [
    {
      id: 'registration',
      title: '1. Registration and account security',
      body: [
        'To use most of the service you need an account. Registering requires sharing contact details, such as an e-mail address, a phone number or a social sign-in ID, and the details you give must be true and kept up to date.',
        {
          items: [
            'One person may hold no more than one personal account. Duplicate accounts may be merged or closed.',
            'You are responsible for keeping your password secret and for everything done through your account. Tell us at once if you think someone else has used it.',
            'The e-mail address you registered with is your log-in. To change it, message support.',
            'Geeks must be at least 18 years old and must prove their credentials when we ask for them.',
          ],
        },
      ],
    },
    {
      id: 'safety',
      title: '2. Safety',
      body: [
        'We want every Student and Geek to feel safe. Treat others with respect: harassment, threats, discrimination and hateful behaviour are not allowed, in messages or anywhere else on the service.',
        {
          items: [
            'Keep payments on the platform. Asking for or offering payment outside it removes the protection described in section 6.',
            'Do not share passwords, card details or other sensitive personal information in messages.',
            'Content must never show anyone under 18 years old.',
            `If something feels wrong, write to ${SUPPORT_EMAIL}. We review every report.`,
          ],
        },
      ],
    },
    {
      id: 'content',
      title: '3. Content regulations',
      body: [
        'You keep the rights to what you upload — task descriptions, files and messages — and you give us the permission we need to store it, show it to the Geek and our staff working on your task, and keep the service running.',
        {
          items: [
            'Upload only content you have the right to share.',
            'No unlawful, obscene, violent, defamatory or misleading content, and no malware.',
            'No content that shows individuals under 18.',
            'No requests that amount to academic dishonesty: Geeks do not write papers or sit tests for submission as your own work. They can explain, review, give feedback and suggest books or articles.',
          ],
        },
        'We may remove content that breaks these rules.',
      ],
    },
    {
      id: 'operation',
      title: '4. Operation and liability',
      body: [
        `We work to keep ${COMPANY} available around the clock, but we may pause it for maintenance or when something outside our control happens. We are not liable for losses caused by such interruptions.`,
        'We may moderate, suspend or remove accounts and content that break these terms, the Honor Code or the law. Where we can, we tell you why.',
        `Geeks are independent; they are not our employees. To the extent the law allows, ${COMPANY}'s liability for any claim is limited to the amount you paid for the task the claim concerns. Nothing in these terms limits liability that cannot be limited by law.`,
      ],
    },
    {
      id: 'tutoring',
      title: '5. Tutoring policies',
      body: [
        'Geeks help Students learn. They charge for the amount and the time of their work, agreed before the work starts.',
        {
          items: [
            'Geeks must be at least 18 years old and able to prove their credentials on request.',
            'Geeks must not facilitate academic dishonesty: no writing papers for submission, no taking tests or exams on a Student’s behalf.',
            'Geeks may pay an extra fee to be featured at the top of the list shown to Students; featured profiles are marked as such.',
            'If your Geek cannot continue, we find a replacement within up to 24 hours.',
            'Geek earnings can be withdrawn on a pre-set schedule.',
          ],
        },
      ],
    },
    {
      id: 'financial',
      title: '6. Financial policies',
      body: [
        `Prices are shown in US dollars before you pay. Our ${PLATFORM_CHARGE} is already included in the price you see.`,
        {
          items: [
            'You can prepay 30% of the price and pay the remaining 70% when the work is finished, or pay the full price at once.',
            `We hold your payment: it is ${RELEASE_CLAUSE}.`,
            'Money on your account balance can only be used to pay for services on Geekly; it cannot be withdrawn or refunded to a card.',
            'A refund may be requested within 60 days after the task was completed. Our Refund Policy explains how refunds work.',
            'The promo code NEWUSER gives new users 25% off their first 5 tasks. One code per task; promotions cannot be exchanged for cash.',
          ],
        },
      ],
    },
    {
      id: 'disclaimer',
      title: '7. Disclaimer',
      body: [
        `${COMPANY} is provided "as is". We do not promise any particular grade or academic result. What you do with the help you receive, and how you follow your school's rules, is your responsibility.`,
        'Work delivered by Geeks is meant for learning and reference: study it, learn from it and cite it properly. It must not be submitted as your own.',
      ],
    },
    {
      id: 'links',
      title: '8. Link policy',
      body: [
        'Our pages and messages may link to other websites, such as books, articles or tools a Geek recommends. We do not control those sites and are not responsible for their content or their privacy practices.',
        `You may link to ${COMPANY}'s home page, as long as the link is fair and does not suggest an endorsement we have not given.`,
      ],
    },
    {
      id: 'modifications',
      title: '9. Modifications',
      body: [
        'We may change these terms as the service grows. We publish the new version on this page with its date, and tell registered users by e-mail about important changes before they take effect. Using the service after that date means you accept the new terms.',
        'These terms are governed by the laws of the Republic of Cyprus, and the courts of Cyprus decide any dispute, unless the law of your country of residence gives you a right to go to your local courts.',
        'If these terms are translated, the English version prevails.',
        `Questions about these terms: ${SUPPORT_EMAIL}.`,
      ],
    },
  ],
};

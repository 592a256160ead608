import { RELEASE_CLAUSE } from '@geekly/domain/payments/public-promises.ts';
import { COMPANY, type LegalDocument, SUPPORT_EMAIL } from './legal-document.ts';

// docs/product/public-site.md: the 60-day window, 3–5 business days for the review and for card refunds, a replacement
// Geek within 24 hours, balance refunds at once and balance money spent only on services. One page (docs/product/public-site.md).
export const refundPolicy: LegalDocument = {
  title: 'Refund Policy',
  description: `When and how ${COMPANY} refunds a task: the 60-day window, review times and where the money goes.`,
  dateLine: 'Last updated 23 November 2026',
  collapsible: false,
  intro: [
    'We want you to be happy with the help you get. If something goes wrong, this page explains when you can ask for your money back and what happens next.',
  ],
  sections: [
    {
      id: 'when',
      title: 'When you can ask for a refund',
      body: [
        'You can request a refund from the task page within 60 days after the task was completed, for example when the work was late, did not follow your instructions, or you no longer need it. Tell us the reason — it helps us review your request quickly.',
        `Your payment is held by us and ${RELEASE_CLAUSE}, so money for work you have not accepted is still protected while you check it.`,
      ],
    },
    {
      id: 'review',
      title: 'How we review it',
      body: [
        'Our team reviews each request within 3–5 business days and may ask you or the Geek for details. We let you know the outcome by e-mail.',
        'If your Geek cannot continue with a task, we can find a replacement within up to 24 hours instead of refunding, if you prefer.',
      ],
    },
    {
      id: 'where',
      title: 'Where the money goes',
      body: [
        {
          items: [
            'Refunds to your account balance are immediate once approved.',
            'Refunds to a card take 3–5 business days to appear, depending on your bank.',
            'Only the part you paid by card can go back to a card. Money on your account balance is non-refundable: it can be used only to pay for services on Geekly.',
          ],
        },
      ],
    },
    {
      id: 'contact',
      title: 'Questions',
      body: [`Write to ${SUPPORT_EMAIL} with your task number and we will help.`],
    },
  ],
};

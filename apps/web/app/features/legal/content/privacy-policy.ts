import { COMPANY, type LegalDocument, SUPPORT_EMAIL } from './legal-document.ts';

// docs/product/public-site.md, docs/product/account.md: six sections, effective from 25 May 2018; only authorised staff access data; privacy
// requests go by e-mail. The wording is ours. Section 4's periods are decision 059's settings' defaults.
export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  description: `What personal data ${COMPANY} collects, why, who can see it and how to exercise your rights.`,
  dateLine: 'Effective from 25 May 2018',
  collapsible: true,
  intro: [
    `This policy explains what personal data ${COMPANY} ("we", "us") collects when you use our website and services, why we collect it, and the choices you have. We act as the controller of that data.`,
  ],
  sections: [
    {
      id: 'data-we-collect',
      title: '1. The data we collect',
      body: [
        {
          items: [
            'Account data: your e-mail address, password (stored only as a secure hash), and, if you add them, your phone number, country and notification e-mail.',
            'Task data: task names, courses, instructions, files and messages you exchange with Geeks and our account managers.',
            'Payment data: amounts, dates and the status of payments. Card details are entered on our payment provider’s page and never reach our servers.',
            'Technical data: your IP address and the country we derive from it, your browser type and time zone, and the cookies and browser storage described in our Cookie Policy.',
            'Applications: when you apply as a Geek, a teacher or an institution, the details you enter in the form.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-it',
      title: '2. How we use it',
      body: [
        {
          items: [
            'To run your account and your tasks: connecting you with a Geek, pricing, payments, refunds and support (performance of our contract with you).',
            'To keep the service safe: preventing fraud and duplicate accounts, and applying regional restrictions (our legitimate interests).',
            'To send you e-mails about your tasks, and, only if you agree, about offers.',
            'To understand how the site is used, only if you allow performance cookies.',
            'To meet our legal and accounting obligations.',
          ],
        },
      ],
    },
    {
      id: 'sharing',
      title: '3. Who can see it',
      body: [
        'Only authorised staff who need it for their work can access your data. The Geek working on your task sees the task details and messages, not your payment data.',
        'We use service providers for hosting, e-mail delivery and card payments, bound by contracts to protect your data and use it only on our instructions. We do not sell personal data. We disclose data to authorities only when the law requires it.',
      ],
    },
    {
      id: 'retention',
      title: '4. How long we keep it and how we protect it',
      body: [
        'We keep your account and task data while your account is open. When you delete your account, we erase your personal data at once (see "Your rights"). Some data is kept for a shorter time, whatever you do:',
        {
          items: [
            'E-mails we send you: the text is deleted as soon as the e-mail is sent; we keep the address, subject and time while your account is open.',
            'Files uploaded but never attached to a task or message: deleted one day after the upload link expired.',
            'One-time log-in links: stored only as a fingerprint, and deleted 7 days after they expire.',
            'Limits on attempts (log-ins, uploads, messages, text messages): kept only until their time window ends, at most one day.',
            'Live updates of your pages: kept for one day, so a page that reconnects can catch up.',
            'Backups of our database and files: kept for up to 7 daily and 4 weekly copies, encrypted, then deleted; an erased account disappears from them as they expire.',
          ],
        },
        'Payment records (amounts, dates and the status of payments and refunds) and our staff’s action log are kept for the period accounting law requires, without your name once your account is deleted.',
        'Data is sent over encrypted connections, passwords are stored only as hashes, and access is limited to authorised staff.',
      ],
    },
    {
      id: 'your-rights',
      title: '5. Your rights',
      body: [
        'Depending on where you live, including under the EU General Data Protection Regulation, you may ask to access, correct, delete or receive a copy of your data, object to or restrict its use, and withdraw a consent you gave at any time.',
        'On your profile, "Download my data" gives you at once a copy of your profile, tasks, messages, payments, balance history and files, and "Delete my account" erases your personal data: your e-mail, phone, messages and files. Money still in flight is settled as the Terms of Service say, and we tell you how before you confirm.',
        `Send other privacy requests by e-mail to ${SUPPORT_EMAIL} from the address registered with your account. We answer within one month. You may also complain to your local data protection authority.`,
      ],
    },
    {
      id: 'changes-and-contact',
      title: '6. Changes and contact',
      body: [
        'We may update this policy; the new version appears on this page, and we tell registered users by e-mail about important changes.',
        `Questions about privacy: ${SUPPORT_EMAIL}.`,
      ],
    },
  ],
};

import { GeekApplicationForm } from '../features/applications/components/geek-application-form.tsx';
import { track } from '../lib/analytics.ts';
import { mountOver } from './mount.ts';

/** /join-our-team's Geek application, over its prerendered markup. */
export const mountGeekApplication = (form: Element) =>
  mountOver(form, <GeekApplicationForm onSubmitted={() => track('geek_application_sent')} />);

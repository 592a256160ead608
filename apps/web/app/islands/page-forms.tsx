import { GeekApplicationForm } from '../features/applications/components/geek-application-form.tsx';
import { track } from '../lib/analytics.ts';
import { FeatureSlider } from '../routes/for-teachers.tsx';
import { mountOver } from './mount.ts';

/** /join-our-team's Geek application and /for-teachers' feature slider, over their prerendered markup. */
export function mountPageForms(elements: Element[]) {
  for (const element of elements) {
    const island = element.getAttribute('data-island');
    if (island === 'geek-application') {
      mountOver(element, <GeekApplicationForm onSubmitted={() => track('geek_application_sent')} />);
    } else if (island === 'feature-slider') {
      mountOver(element, <FeatureSlider />);
    }
  }
}

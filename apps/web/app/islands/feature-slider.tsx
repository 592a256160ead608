import { FeatureSlider } from '../features/teachers/components/feature-slider.tsx';
import { mountOver } from './mount.ts';

/** /for-teachers' feature slider, over its prerendered markup. */
export const mountFeatureSlider = (slider: Element) => mountOver(slider, <FeatureSlider />);

// docs/product/public-site.md: the landing variants. They share the home page's sections; their task forms start closed.

export type LandingVariant = {
  headline: string;
  title: string;
  description: string;
  /** Campaign pages carry <meta name="robots" content="noindex, nofollow"> ("most" of them, docs/product/public-site.md). */
  noindex: boolean;
};

const teamwork: Omit<LandingVariant, 'noindex'> = {
  headline: 'There is an “A” in “teamwork”',
  title: 'Geekly — Team up with a Geek on your study task',
  description:
    'Post your study task with its course and get connected to a Geek who knows the subject. Prepay 30%, pay the rest when it is finished.',
};

export const LANDING_VARIANTS: Record<string, LandingVariant> = {
  lp1_c2_fb: { ...teamwork, noindex: true },
  lp2_c2_fb: { ...teamwork, noindex: true },
  lp3_c2_fb: { ...teamwork, noindex: true },
  lp4_c2_fb: { ...teamwork, noindex: true },
  lp5_c2_fb: { ...teamwork, noindex: true },
  lp6_c2_fb: { ...teamwork, noindex: true },
  lp0_m1: {
    headline: 'Get help with your homework',
    title: 'Geekly — Get help with your homework',
    description:
      'Stuck on homework? Tell us the task and the course, and a Geek who knows the subject helps you through it.',
    noindex: true,
  },
  lp1_m1: { ...teamwork, noindex: true },
  lp2_m1: { ...teamwork, noindex: true },
  lp3_m1: { ...teamwork, noindex: true },
  lp4_m1: { ...teamwork, noindex: true },
  lp5_m1: { ...teamwork, noindex: true },
  // A different landing, meant to be found: no robots marker.
  lp7_m1: {
    headline: 'Essay help from a Geek who knows your subject',
    title: 'Essay help — Geekly',
    description:
      'Plan, research and polish your essay with a Geek: sources to read, structure, feedback and proofreading.',
    noindex: false,
  },
};

export const LANDING_VARIANT_PATHS = Object.keys(LANDING_VARIANTS);

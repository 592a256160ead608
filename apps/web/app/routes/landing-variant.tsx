import { useLocation } from 'react-router';
import { LANDING_VARIANTS } from '../features/landing/landing-variants.ts';
import type { Route } from './+types/landing-variant';
import { HomeContent } from './home.tsx';
import type { PublicRouteHandle } from './public-layout.tsx';

const variantOf = (pathname: string) => LANDING_VARIANTS[pathname.replace(/^\/+|\/+$/g, '')];

export function meta({ location }: Route.MetaArgs) {
  const variant = variantOf(location.pathname);
  if (!variant) return [];
  return [
    { title: variant.title },
    { name: 'description', content: variant.description },
    ...(variant.noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
  ];
}

export const handle: PublicRouteHandle = { marketing: true };

/** docs/product/public-site.md: /lp1_c2_fb … /lp6_c2_fb, /lp0_m1 … /lp5_m1 and /lp7_m1 — the landing with its own headline. */
export default function LandingVariant() {
  const { pathname } = useLocation();
  return <HomeContent headline={variantOf(pathname)?.headline} formsOpen={false} />;
}

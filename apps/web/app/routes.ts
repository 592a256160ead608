import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { LANDING_VARIANT_PATHS } from './features/landing/landing-variants.ts';

export default [
  // The public site (seed 001 §2): header, promo banner and footer around the marketing pages.
  layout('routes/public-layout.tsx', [
    index('routes/home.tsx'),
    ...LANDING_VARIANT_PATHS.map((path) => route(path, 'routes/landing-variant.tsx', { id: path })),
    route('lp_paid', 'routes/paid-landing.tsx'),
    route('about-us', 'routes/about-us.tsx'),
    route('login', 'routes/login.tsx', { id: 'login' }),
    route('signup', 'routes/login.tsx', { id: 'signup' }),
  ]),
  layout('routes/client-layout.tsx', [
    route('orders', 'routes/orders.tsx', [route(':orderId/created', 'routes/order-created.tsx')]),
    route('create', 'routes/create.tsx'),
    route('order/:orderId', 'routes/order.tsx', { id: 'order' }),
    route('neworder/:orderId', 'routes/order.tsx', { id: 'neworder' }),
    route('order/:orderId/checkout', 'routes/checkout.tsx', { id: 'checkout' }),
    route('neworder/:orderId/checkout', 'routes/checkout.tsx', { id: 'neworder-checkout' }),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

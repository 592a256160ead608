import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx', { id: 'login' }),
  route('signup', 'routes/login.tsx', { id: 'signup' }),
  layout('routes/public-layout.tsx', [
    // Seed 001 §2: always visible, no redirect for logged-in users.
    route('terms-of-service', 'routes/legal.tsx', { id: 'terms-of-service' }),
    route('privacy-policy', 'routes/legal.tsx', { id: 'privacy-policy' }),
    route('refund-policy', 'routes/legal.tsx', { id: 'refund-policy' }),
    route('honor-code', 'routes/legal.tsx', { id: 'honor-code' }),
    route('cookie-policy', 'routes/legal.tsx', { id: 'cookie-policy' }),
    route('join-our-team', 'routes/join-our-team.tsx'),
    route('for-teachers', 'routes/for-teachers.tsx'),
  ]),
  layout('routes/client-layout.tsx', [
    route('orders', 'routes/orders.tsx', [route(':orderId/created', 'routes/order-created.tsx')]),
    route('create', 'routes/create.tsx'),
    route('order/:orderId', 'routes/order.tsx', { id: 'order' }),
    route('neworder/:orderId', 'routes/order.tsx', { id: 'neworder' }),
    route('order/:orderId/checkout', 'routes/checkout.tsx', { id: 'checkout' }),
    route('neworder/:orderId/checkout', 'routes/checkout.tsx', { id: 'neworder-checkout' }),
  ]),
  // Seed 001 §2 and §8: status pages, standalone (no header links to follow while something is down).
  route('maintenance', 'routes/maintenance.tsx'),
  route('healthcheck', 'routes/healthcheck.tsx'),
  route('access-denied', 'routes/access-denied.tsx'),
  route('page-not-found', 'routes/not-found.tsx', { id: 'page-not-found' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

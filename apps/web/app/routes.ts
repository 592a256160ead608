import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx', { id: 'login' }),
  route('signup', 'routes/login.tsx', { id: 'signup' }),
  route('login/:token', 'routes/login-token.tsx'),
  route('r/:key/*', 'routes/referral-link.tsx'),
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

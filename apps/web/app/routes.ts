import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx', { id: 'login' }),
  route('signup', 'routes/login.tsx', { id: 'signup' }),
  layout('routes/client-layout.tsx', [route('orders', 'routes/orders.tsx')]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

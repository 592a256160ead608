import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx', { id: 'login' }),
  route('signup', 'routes/login.tsx', { id: 'signup' }),
  route('login/:token', 'routes/login-token.tsx'),
  route('r/:key/*', 'routes/referral-link.tsx'),
  layout('routes/client-layout.tsx', [
    route('orders', 'routes/orders.tsx', [
      route(':orderId/created', 'routes/order-created.tsx'),
      // Gateway returns over the list (seed 000 §2, seed 001 §2, decision 010).
      route('payment-success', 'routes/payment-success.tsx', { id: 'orders-payment-success' }),
      route('payment-error', 'routes/payment-error.tsx', { id: 'orders-payment-error' }),
      route('server-payment-error', 'routes/payment-error.tsx', { id: 'orders-server-payment-error' }),
      route('payment-expired', 'routes/payment-expired.tsx', { id: 'orders-payment-expired' }),
    ]),
    route('create', 'routes/create.tsx'),
    route('order/:orderId', 'routes/order.tsx', { id: 'order' }, [
      route('payment', 'routes/order-payment.tsx', { id: 'order-payment' }),
      route('payment-success', 'routes/payment-success.tsx', { id: 'order-payment-success' }),
      route('payment-error', 'routes/payment-error.tsx', { id: 'order-payment-error' }),
      route('payment-expired', 'routes/payment-expired.tsx', { id: 'order-payment-expired' }),
      route('tips', 'routes/order-tips.tsx'),
      route('tips-success/:amount', 'routes/order-tips-success.tsx'),
      route('get-addons', 'routes/order-get-addons.tsx'),
      route('request-refund', 'routes/order-request-refund.tsx'),
    ]),
    route('neworder/:orderId', 'routes/order.tsx', { id: 'neworder' }),
    route('order/:orderId/checkout', 'routes/checkout.tsx', { id: 'checkout' }, [
      route('payment', 'routes/order-payment.tsx', { id: 'checkout-payment' }),
      route('payment-success', 'routes/payment-success.tsx', { id: 'checkout-payment-success' }),
      route('payment-error', 'routes/payment-error.tsx', { id: 'checkout-payment-error' }),
      route('server-payment-error', 'routes/payment-error.tsx', { id: 'checkout-server-payment-error' }),
    ]),
    route('neworder/:orderId/checkout', 'routes/checkout.tsx', { id: 'neworder-checkout' }),
    route('balance', 'routes/balance.tsx', [
      route('payment-success', 'routes/payment-success.tsx', { id: 'balance-payment-success' }),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { LANDING_VARIANT_PATHS } from './features/landing/landing-variants.ts';

export default [
  // The public site (docs/product/public-site.md): header, promo banner and footer around the marketing and legal pages.
  layout('routes/public-layout.tsx', [
    index('routes/home.tsx'),
    ...LANDING_VARIANT_PATHS.map((path) => route(path, 'routes/landing-variant.tsx', { id: path })),
    route('lp_paid', 'routes/paid-landing.tsx'),
    route('about-us', 'routes/about-us.tsx'),
    route('login', 'routes/login.tsx', { id: 'login' }),
    route('signup', 'routes/login.tsx', { id: 'signup' }),
    // docs/product/public-site.md: always visible, no redirect for logged-in users.
    route('terms-of-service', 'routes/legal.tsx', { id: 'terms-of-service' }),
    route('privacy-policy', 'routes/legal.tsx', { id: 'privacy-policy' }),
    route('refund-policy', 'routes/legal.tsx', { id: 'refund-policy' }),
    route('honor-code', 'routes/legal.tsx', { id: 'honor-code' }),
    route('cookie-policy', 'routes/legal.tsx', { id: 'cookie-policy' }),
    route('join-our-team', 'routes/join-our-team.tsx'),
    route('for-teachers', 'routes/for-teachers.tsx'),
  ]),
  // Ways in from e-mails and referral links (decision 011).
  route('login/:token', 'routes/login-token.tsx'),
  route('r/:key/*', 'routes/referral-link.tsx'),
  // The link mailed to a new notification e-mail (decision 028).
  route('confirm-email/:token', 'routes/confirm-email.tsx'),
  route('undo-email/:token', 'routes/undo-email.tsx'),
  // The link mailed to a Google-only account to confirm its deletion (decision 058).
  route('delete-account/:token', 'routes/delete-account.tsx'),
  // The link mailed to an account without a password that chose one (issue 34).
  route('set-password/:token', 'routes/set-password.tsx'),
  layout('routes/client-layout.tsx', [
    route('orders', 'routes/orders.tsx', [
      route(':orderId/created', 'routes/order-created.tsx'),
      route(':orderId/rating', 'routes/order-rating.tsx', { id: 'orders-rating' }),
      route(':orderId/rating/:param', 'routes/order-rating.tsx', { id: 'orders-rating-param' }),
      // Gateway returns over the list (docs/product/tasks-and-pricing.md, docs/product/payments-and-ledger.md, decision 010).
      route('payment-success', 'routes/payment-success.tsx', { id: 'orders-payment-success' }),
      route('payment-error', 'routes/payment-error.tsx', { id: 'orders-payment-error' }),
      route('server-payment-error', 'routes/payment-error.tsx', { id: 'orders-server-payment-error' }),
      route('payment-expired', 'routes/payment-expired.tsx', { id: 'orders-payment-expired' }),
      route('refer-bonus', 'routes/refer-bonus.tsx', { id: 'orders-refer-bonus' }),
    ]),
    // docs/product/account.md: '/orders/{hash}', where referral and mail links lead (a task, the chat, or the list).
    route('orders/:hash', 'routes/orders-hash.tsx'),
    route('create', 'routes/create.tsx'),
    route('my-geeks', 'routes/my-geeks.tsx'),
    route('geek/:geekId', 'routes/geek.tsx'),
    route('order/:orderId', 'routes/order.tsx', { id: 'order' }, [
      route('payment', 'routes/order-payment.tsx', { id: 'order-payment' }),
      route('payment-success', 'routes/payment-success.tsx', { id: 'order-payment-success' }),
      route('payment-error', 'routes/payment-error.tsx', { id: 'order-payment-error' }),
      route('payment-expired', 'routes/payment-expired.tsx', { id: 'order-payment-expired' }),
      route('tips', 'routes/order-tips.tsx'),
      route('tips-success/:amount', 'routes/order-tips-success.tsx'),
      route('get-addons', 'routes/order-get-addons.tsx'),
      route('request-refund', 'routes/order-request-refund.tsx'),
      route('rating', 'routes/order-rating.tsx', { id: 'order-rating' }),
      route('request-revision', 'routes/order-request-revision.tsx', { id: 'order-request-revision' }),
      route('request-revision/preview', 'routes/order-request-revision.tsx', {
        id: 'order-request-revision-preview',
      }),
      route('messages', 'routes/order-messages.tsx'),
    ]),
    route('neworder/:orderId', 'routes/order.tsx', { id: 'neworder' }),
    // docs/product/tasks-and-pricing.md: the task's files and the Geek's files (decision 015).
    route('order/:orderId/upload', 'routes/order-upload.tsx', { id: 'order-upload' }),
    route('neworder/:orderId/upload', 'routes/order-upload.tsx', { id: 'neworder-upload' }),
    route('order/:orderId/geek-files', 'routes/order-geek-files.tsx'),
    route('order/:orderId/checkout', 'routes/checkout.tsx', { id: 'checkout' }, [
      route('payment', 'routes/order-payment.tsx', { id: 'checkout-payment' }),
      route('payment-success', 'routes/payment-success.tsx', { id: 'checkout-payment-success' }),
      route('payment-error', 'routes/payment-error.tsx', { id: 'checkout-payment-error' }),
      route('server-payment-error', 'routes/payment-error.tsx', { id: 'checkout-server-payment-error' }),
    ]),
    // docs/product/tasks-and-pricing.md: the new-order flow's checkout has the same sub-routes, and a cancelled card returns into it.
    route('neworder/:orderId/checkout', 'routes/checkout.tsx', { id: 'neworder-checkout' }, [
      route('payment', 'routes/order-payment.tsx', { id: 'neworder-checkout-payment' }),
      route('payment-success', 'routes/payment-success.tsx', { id: 'neworder-checkout-payment-success' }),
      route('payment-error', 'routes/payment-error.tsx', { id: 'neworder-checkout-payment-error' }),
      route('server-payment-error', 'routes/payment-error.tsx', {
        id: 'neworder-checkout-server-payment-error',
      }),
    ]),
    // Account (issue 15): profile, referral, subscription.
    route('profile', 'routes/profile.tsx'),
    route('referral', 'routes/referral.tsx'),
    route('subscription', 'routes/subscription.tsx', [
      route('refer-bonus', 'routes/refer-bonus.tsx', { id: 'subscription-refer-bonus' }),
    ]),
    route('balance', 'routes/balance.tsx', [
      route('payment-success', 'routes/payment-success.tsx', { id: 'balance-payment-success' }),
    ]),
  ]),
  // The staff's back office (decision 021): its own routes, chunks and log-in; students never load them.
  route('ops', 'routes/ops-layout.tsx', [
    index('routes/ops-queue.tsx'),
    route('orders/:orderId', 'routes/ops-task.tsx'),
    route('geeks', 'routes/ops-geeks.tsx'),
    route('applications', 'routes/ops-applications.tsx'),
    route('audit', 'routes/ops-audit.tsx'),
    route('staff', 'routes/ops-staff.tsx'),
  ]),
  // The Geeks' workspace (decision 050): its own routes, chunks, cache and bearer token.
  route('workspace', 'routes/workspace-layout.tsx', [
    route('login', 'routes/workspace-login.tsx'),
    route('set-password/:token', 'routes/workspace-set-password.tsx'),
    layout('routes/workspace-shell.tsx', [
      index('routes/workspace-offers.tsx'),
      route('tasks', 'routes/workspace-tasks.tsx'),
      route('tasks/:orderId', 'routes/workspace-task.tsx'),
      route('earnings', 'routes/workspace-earnings.tsx'),
      route('profile', 'routes/workspace-profile.tsx'),
    ]),
  ]),
  // docs/product/public-site.md: status pages, standalone (no header links to follow while something is down).
  route('maintenance', 'routes/maintenance.tsx'),
  route('healthcheck', 'routes/healthcheck.tsx'),
  route('access-denied', 'routes/access-denied.tsx'),
  route('page-not-found', 'routes/not-found.tsx', { id: 'page-not-found' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

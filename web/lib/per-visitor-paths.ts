/**
 * Pages rendered per request for the visitor in front of them (their basket, their account, a link
 * from their e-mail): never cached, never indexed, left out of the sitemap and the static build.
 */
export const PER_VISITOR_PATHS = [
  '/add-to-cart',
  '/complete-order',
  '/login',
  '/sign-up',
  '/forget-password',
  '/set-new-password',
  '/confirm-email',
  '/two-factor',
  '/profile',
  '/order-successful',
  '/order-tracker',
  '/order-tracker-details',
  '/proof-of-identity',
]

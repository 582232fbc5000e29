import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

// Sanity stays inside web/content/: one module there creates every client. (A later block for
// the same files replaces the rule's options, so the blocks below repeat this list.)
const oneSanityClient = ['@sanity/client', 'next-sanity'].map((name) => ({
  name,
  importNames: ['createClient'],
  message: 'Use the clients from web/content/sanity-client.ts.',
}))

const config = [
  {
    ignores: [
      'node_modules/**',
      '**/.next/**',
      // Every build folder, including the ones NEXT_DIST_DIR names (.next-resilience, .next-<name>).
      'web/.next-*/**',
      'scripts/bench-floor/.next*/**',
      'studio/dist/**',
      'studio/.sanity/**',
      'web/content/sanity.types.ts',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'web/next-env.d.ts',
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    settings: { next: { rootDir: 'web/' } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/content/sanity-client.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: oneSanityClient,
        },
      ],
    },
  },
  {
    // Components receive props: they never open the database, read cookies or headers, or call a
    // room's data functions. Pages and their loaders in web/app/ do that.
    files: ['web/components/**/*.{ts,tsx}'],
    rules: {
      // The TypeScript form of the rule, so that a component may still name a room's types.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'next/headers',
              message: 'Read cookies and headers in the page (web/app/) and pass props.',
              allowTypeImports: true,
            },
            {
              name: '@/orders/actions/actions',
              message: 'Read the order in the page (web/app/) and pass it as a prop.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['@/db/*', '@/*/store', '@/*/*-store', '@/*/service'],
              message: 'Components receive props: read data in the page (web/app/) and pass it down.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Pure rules and feature rooms never reach up into the UI or the routes.
    files: [
      'web/{lib,db,jobs,basket,orders,accounts,catalogue,mail,config,forms,http,contact,collections,subscriptions,your-data}/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: oneSanityClient,
          patterns: [
            {
              group: ['@/components/*', '@/app/*'],
              message: 'Rooms hold data and rules; pages in web/app/ put them together with components.',
            },
          ],
        },
      ],
    },
  },
]

export default config

import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

// Sanity stays inside web/content/: one module there creates every client. (A later block for
// the same files replaces the rule's options, so web/lib's block repeats this list.)
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
    // Pure rules never reach up into the UI or the routes.
    files: ['web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: oneSanityClient,
          patterns: [
            {
              group: ['@/components/*', '@/app/*'],
              message: 'web/lib holds pure rules: move the helper here or to web/content.',
            },
          ],
        },
      ],
    },
  },
]

export default config

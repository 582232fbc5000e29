import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

const config = [
  {
    ignores: [
      'node_modules/**',
      '**/.next/**',
      'web/.next-resilience/**',
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
]

export default config

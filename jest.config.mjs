import nextJest from 'next/jest.js'

const createJestConfig = nextJest({ dir: './web' })

/** @type {import('jest').Config} */
const config = {
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/unit'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/web/$1',
    '^@rules/(.*)$': '<rootDir>/content-rules/$1',
    // Server-only guards throw outside Next's server build; the code under test is server code.
    '^server-only$': '<rootDir>/tests/support/empty-module.ts',
    // The Studio's schema files, read by the seed checks: see the stub for why.
    '^sanity$': '<rootDir>/tests/support/sanity-define-stub.ts',
    '^@sanity/icons/.*$': '<rootDir>/tests/support/sanity-define-stub.ts',
  },
}

const jestConfig = async () => {
  const base = await createJestConfig(config)()
  // These packages ship only ES modules: let SWC compile it with the tests.
  return {
    ...base,
    transformIgnorePatterns: [
      '/node_modules/(?!(groq-js|obug|next-sanity|@sanity/preview-url-secret|@sanity/mutator|lodash-es)/)',
      ...base.transformIgnorePatterns.slice(1),
    ],
  }
}

export default jestConfig

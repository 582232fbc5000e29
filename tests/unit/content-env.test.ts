import { readContentSource } from '@/config'

describe('choosing the content source', () => {
  it('reads the seed when no Sanity project is configured', () => {
    expect(readContentSource({})).toEqual({ kind: 'local', datasetPath: undefined })
    expect(readContentSource({ SEED_DATASET_PATH: '/tmp/x.ndjson' })).toEqual({
      kind: 'local',
      datasetPath: '/tmp/x.ndjson',
    })
  })

  it('reads Sanity when a project and dataset are set', () => {
    expect(
      readContentSource({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc123', NEXT_PUBLIC_SANITY_DATASET: 'production' }),
    ).toEqual({
      kind: 'sanity',
      projectId: 'abc123',
      dataset: 'production',
      apiVersion: '2025-09-01',
      apiHost: undefined,
    })
  })

  it('refuses a half or malformed configuration with a clear message', () => {
    expect(() => readContentSource({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'abc123' })).toThrow(/NEXT_PUBLIC_SANITY_DATASET/)
    expect(() =>
      readContentSource({ NEXT_PUBLIC_SANITY_PROJECT_ID: 'My Project', NEXT_PUBLIC_SANITY_DATASET: 'x' }),
    ).toThrow(/not a Sanity project id/)
  })
})

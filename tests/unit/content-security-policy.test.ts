import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const CONFIG = pathToFileURL(path.join(__dirname, '..', '..', 'next.config.mjs')).href

/** The Content-Security-Policy the site is built with, given these environment variables. */
function policy(env: Record<string, string>): Map<string, string> {
  const script = `
    const { default: config } = await import(${JSON.stringify(CONFIG)})
    const rules = await config.headers()
    const csp = rules.flatMap((rule) => rule.headers).find((header) => header.key === 'Content-Security-Policy')
    process.stdout.write(csp.value)`
  const value = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, SANITY_API_HOST: '', ...env },
    encoding: 'utf8',
  })
  return new Map(value.split('; ').map((directive) => [directive.split(' ')[0]!, directive] as const))
}

describe('the Content-Security-Policy', () => {
  it("lets pages show images only from the site and Sanity's CDN by default", () => {
    expect(policy({}).get('img-src')).toBe("img-src 'self' data: https://cdn.sanity.io")
  })

  it('adds a self-hosted API host (the local content API) and its project subdomains when one is set', () => {
    expect(policy({ SANITY_API_HOST: 'https://localhost:3434' }).get('img-src')).toBe(
      "img-src 'self' data: https://cdn.sanity.io https://localhost:3434 https://*.localhost:3434",
    )
  })
})

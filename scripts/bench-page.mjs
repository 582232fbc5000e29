// What the bench reads from a page and from the build: a Lighthouse run in Chromium, which chunk
// holds which folder's client components, and the strings a page's RSC payload repeats.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'

export async function lighthouseRun(url, extraHeaders) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders,
    })
    const requests = lhr.audits['network-requests'].details?.items ?? []
    const scripts = requests.filter((r) => r.resourceType === 'Script')
    const document = requests.find((r) => r.resourceType === 'Document')
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      htmlRaw: document?.resourceSize ?? 0,
      htmlWire: document?.transferSize ?? 0,
      scripts: scripts.map((r) => new URL(r.url).pathname),
    }
  } finally {
    await chrome.kill()
  }
}

/**
 * Which chunk holds which folder's client components. The build's client reference manifests list,
 * for each client module, its id and every chunk its page loads with it; the module itself is in
 * the chunk that registers a factory under that id. `distDir` is the build's folder in web/.
 */
export function chunkAreas(distDir) {
  const areas = new Map()
  const chunkText = new Map()
  const read = (chunk) => {
    if (!chunkText.has(chunk))
      chunkText.set(chunk, readFileSync(path.join('web', distDir, chunk.replace(/^\/_next\//, '')), 'utf8'))
    return chunkText.get(chunk)
  }
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.name.endsWith('_client-reference-manifest.js')) {
        const text = readFileSync(file, 'utf8')
        for (const [, folder, id, chunks] of text.matchAll(
          /"\[project\]\/web\/components\/([^/"]+)\/[^"]+":\{"id":(\d+),"name":"[^"]*","chunks":\[([^\]]*)\]/g,
        ))
          for (const chunk of chunks.match(/[^",]+/g) ?? []) {
            if (!new RegExp(`[,[]${id},(?:\\(|\\w+=>|function)`).test(read(chunk))) continue
            if (!areas.has(chunk)) areas.set(chunk, new Set())
            areas.get(chunk).add(folder)
          }
      }
    }
  }
  walk(path.join('web', distDir, 'server', 'app'))
  return areas
}

/** Strings of 20 characters or more the page's RSC payload holds more than once (class names and the framework's chunk paths aside). */
export function repeatedData(html) {
  let payload = ''
  for (const [, chunk] of html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g))
    payload += JSON.parse(chunk)
  const counts = new Map()
  // A string followed by a colon is a prop's name, not data.
  for (const [, key, text] of payload.matchAll(/("[A-Za-z-]+":)?"((?:[^"\\]|\\.){20,})"(?!:)/g)) {
    if (key === '"className":' || text.startsWith('/_next/') || text.startsWith('$')) continue
    counts.set(text, (counts.get(text) ?? 0) + 1)
  }
  return [...counts].filter(([, count]) => count > 1).map(([text]) => text)
}

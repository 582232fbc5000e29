import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/**
 * The WCAG 2.2 A and AA failures axe finds on the page as it is now, one line per rule. Run in the
 * page itself (legacy mode): the default opens a second page to merge results across frames, which
 * the site has none of, and on a busy two-core machine that doubled each check's time.
 */
export async function violations(page: Page) {
  // axe runs in the page and waits on its timers: in a page whose context has scripts off they never
  // fire, and the test would wait out its whole time limit; say so at once instead.
  const scripts = await Promise.race([
    page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0))),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
  ])
  if (!scripts) throw new Error('axe cannot run in a page without scripts: check the same markup with scripts on')
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).setLegacyMode(true).analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

// What the bench holds the site to, and the table that says how it did: the pages it measures (some
// with a device in the basket), which folder's client code each may load, the targets stated
// relative to the empty-page floor measured in the same run, and the statistics the table shows.
import { chunkAreas, repeatedData } from './bench-page.mjs'
import { WRK } from './bench-http.mjs'

export const HOME = '/'
export const MODEL = '/sell-my-phone/iphone-13'
// Static pages carry the JavaScript budget; the others render per visitor.
export const STATIC_PAGES = [HOME, '/sell-my-phone', '/about/faqs', '/contact-us', MODEL]
export const DYNAMIC_PAGES = ['/add-to-cart', '/complete-order', '/login', '/order-tracker']
export const PAGES = [...STATIC_PAGES, ...DYNAMIC_PAGES]
// With an iPhone 13 in the basket, so the basket and the checkout form render as a seller's do.
export const WITH_BASKET = new Set(['/add-to-cart', '/complete-order'])
// Client code by folder of web/components, and the pages that use it; on any other page it is a miss.
export const AREAS = {
  quote: { folder: 'quote', pages: [MODEL] },
  basket: { folder: 'basket', pages: [MODEL, '/add-to-cart', '/complete-order'] },
  checkout: { folder: 'orders', pages: ['/complete-order'] },
  account: { folder: 'account', pages: ['/login'] },
}
const KB = 1000
export const TARGETS = {
  performance: (floor) => floor.performance - 1,
  lcp: (floor) => floor.lcp + 300,
  tbt: (floor) => floor.tbt + 30,
  js: (floor) => floor.js + 15 * KB,
  homeHtmlWire: 10 * KB,
  throughput: 0.7,
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
export const p95 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(0.95 * values.length) - 1]
export const spread = (values, format) => `(${format(Math.min(...values))}–${format(Math.max(...values))})`
export const seconds = (ms) => (ms / 1000).toFixed(2)
export const kB = (bytes) => (bytes / KB).toFixed(1)

/** The median of each figure over a page's Lighthouse runs, with the runs and every script they loaded. */
export function summary(list) {
  const pick = (key) => median(list.map((run) => run[key]))
  return {
    list,
    performance: pick('performance'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    js: pick('js'),
    htmlRaw: pick('htmlRaw'),
    htmlWire: pick('htmlWire'),
    scripts: new Set(list.flatMap((run) => run.scripts)),
  }
}

/**
 * Prints the table, each page's figures against its targets, and the notes beneath it; answers the
 * targets missed. `runs` holds each page's Lighthouse runs (the floor's under 'floor'), `times` its
 * server times, `documents` its HTML, `rounds` wrk's rounds on / and on the floor.
 */
export function printReport({
  runCount,
  runs,
  times,
  documents,
  floorDocument,
  rounds,
  checkout,
  staff,
  loads,
  distDir,
  samples,
  wrkRounds,
}) {
  const floor = summary(runs.get('floor'))
  const areasOf = chunkAreas(distDir)
  const rps = (list) => median(list.map((round) => round.rps))
  const throughput = rps(rounds.site) / rps(rounds.floor)
  const missed = []
  const check = (page, key, value, limit, pass) => {
    if (!pass) missed.push(`${page} ${key}`)
    return `${value} ${limit} ${pass ? 'ok' : 'MISS'}`
  }

  console.log(`\nSite against the empty-page floor, same run: Lighthouse mobile, median of ${runCount} (spread)`)
  console.log(
    '| page | performance | LCP | TBT | CLS | JS | HTML raw / wire | repeated data | client code | server time, median / p95 | req/s |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  const floorTimes = times.get('floor')
  console.log(
    `| floor: empty App Router page | ${floor.performance} ${spread(
      floor.list.map((r) => r.performance),
      String,
    )} | ${seconds(floor.lcp)} s ${spread(
      floor.list.map((r) => r.lcp),
      seconds,
    )} | ${Math.round(floor.tbt)} ms ${spread(
      floor.list.map((r) => r.tbt),
      Math.round,
    )} | ${floor.cls.toFixed(3)} | ${kB(floor.js)} kB | ${kB(floor.htmlRaw)} / ${kB(floor.htmlWire)} kB | ${
      repeatedData(floorDocument).length
    } | | ${median(floorTimes).toFixed(1)} / ${p95(floorTimes).toFixed(1)} ms | ${Math.round(rps(rounds.floor))} |`,
  )
  for (const page of PAGES) {
    const m = summary(runs.get(page))
    const list = m.list
    const repeats = repeatedData(documents.get(page))
    const areas = [...new Set([...m.scripts].flatMap((script) => [...(areasOf.get(script) ?? [])]))]
    const strays = Object.entries(AREAS)
      .filter(([, area]) => areas.includes(area.folder) && !area.pages.includes(page))
      .map(([name]) => name)
    const used = Object.entries(AREAS)
      .filter(([, area]) => areas.includes(area.folder))
      .map(([name]) => name)
    const pageTimes = times.get(page)
    const cells = [
      check(
        page,
        'performance',
        `${m.performance} ${spread(
          list.map((r) => r.performance),
          String,
        )}`,
        `≥ ${TARGETS.performance(floor)}`,
        m.performance >= TARGETS.performance(floor),
      ),
      check(
        page,
        'LCP',
        `${seconds(m.lcp)} s ${spread(
          list.map((r) => r.lcp),
          seconds,
        )}`,
        `≤ ${seconds(TARGETS.lcp(floor))}`,
        m.lcp <= TARGETS.lcp(floor),
      ),
      check(
        page,
        'TBT',
        `${Math.round(m.tbt)} ms ${spread(
          list.map((r) => r.tbt),
          Math.round,
        )}`,
        `≤ ${Math.round(TARGETS.tbt(floor))}`,
        m.tbt <= TARGETS.tbt(floor),
      ),
      check(page, 'CLS', m.cls.toFixed(3), '= 0', Math.round(m.cls * 1000) === 0),
      STATIC_PAGES.includes(page)
        ? check(page, 'JS', `${kB(m.js)} kB`, `≤ ${kB(TARGETS.js(floor))}`, m.js <= TARGETS.js(floor))
        : `${kB(m.js)} kB (per visitor: no budget)`,
      page === HOME
        ? check(
            page,
            'HTML on the wire',
            `${kB(m.htmlRaw)} / ${kB(m.htmlWire)} kB`,
            `≤ ${kB(TARGETS.homeHtmlWire)}`,
            m.htmlWire <= TARGETS.homeHtmlWire,
          )
        : `${kB(m.htmlRaw)} / ${kB(m.htmlWire)} kB`,
      page === HOME ? check(page, 'repeated data', repeats.length, '= 0', repeats.length === 0) : repeats.length,
      check(
        page,
        'client code',
        used.join(', ') || 'none',
        strays.length ? `(not used here: ${strays.join(', ')})` : '',
        strays.length === 0,
      ),
      `${median(pageTimes).toFixed(1)} / ${p95(pageTimes).toFixed(1)} ms`,
      page === HOME
        ? check(
            page,
            'req/s',
            `${Math.round(rps(rounds.site))} (${throughput.toFixed(2)} × floor)`,
            `≥ ${TARGETS.throughput} ×`,
            throughput >= TARGETS.throughput,
          )
        : '',
    ]
    console.log(`| ${page}${WITH_BASKET.has(page) ? ' (1 device in the basket)' : ''} | ${cells.join(' | ')} |`)
  }
  console.log(
    `| POST /complete-order, the checkout form without scripts (${samples} orders) | | | | | | | | | ${median(checkout).toFixed(1)} / ${p95(checkout).toFixed(1)} ms | |`,
  )

  const cpu = (list) =>
    list.every((round) => round.cpu !== null)
      ? `, server CPU ${Math.round(median(list.map((r) => r.cpu)))} µs/request`
      : ''
  console.log(
    `\nreq/s: wrk ${WRK.join(' ')}, ${wrkRounds} rounds alternating with the floor: / ${rounds.site
      .map((r) => Math.round(r.rps))
      .join(
        ', ',
      )}${cpu(rounds.site)}; floor ${rounds.floor.map((r) => Math.round(r.rps)).join(', ')}${cpu(rounds.floor)}.`,
  )
  if (staff instanceof Error) console.log(`\nNo staff rows: ${staff.message}`)
  console.log(
    `Load average (1 min) at the start, after Lighthouse, after wrk, after the checkouts, after the stack run, after the staff rows: ${loads.join(', ')}.`,
  )
  const twoByte = PAGES.filter((page) => /[^\u0000-\u00ff]/.test(documents.get(page)))
  if (twoByte.length)
    console.log(
      `HTML holding characters above U+00FF, which V8 stores and encodes the slow way on every request: ${twoByte.join(', ')}.`,
    )
  const homeRepeats = repeatedData(documents.get(HOME))
  if (homeRepeats.length)
    console.log(
      `Repeated on /: ${homeRepeats
        .slice(0, 5)
        .map((text) => JSON.stringify(text.slice(0, 60)))
        .join('; ')}…`,
    )
  return missed
}

import { withSiteFacts } from '@/content/site-facts'
import type { DeviceChecklist } from '@/content/types'
import { readSeed, type Doc } from './seed-copy'
import { seedFacts } from './seed-facts'

// Counts and lists the tests expect, read from the seed, so an editor's new page, model or
// question changes what the tests look for instead of breaking them.

/** The seed as visitors read it: the site facts ({phone}, {quarantineDays}…) written in. */
function shownSeed(): Doc[] {
  const docs = readSeed()
  return withSiteFacts(docs, seedFacts(docs))
}

/** The published documents of one type: a `.` in an `_id` (drafts, private documents) never reaches the site. */
export const seedDocs = (type: string, docs: Doc[] = shownSeed()): Doc[] =>
  docs.filter((doc) => doc._type === type && !doc._id.includes('.'))

const singleton = (id: string, docs: Doc[] = shownSeed()): Doc => {
  const doc = docs.find((candidate) => candidate._id === id)
  if (!doc) throw new Error(`The seed has no "${id}" document`)
  return doc
}

/** Every page document's address, in seed order. */
export const seedPagePaths = (docs: Doc[] = shownSeed()): string[] =>
  seedDocs('page', docs).map((doc) => (doc.path as { current: string }).current)

/** "Make Model" for every catalogue model whose title holds `query`, as the header search matches. */
export function seedModelTitles(query = '', docs: Doc[] = shownSeed()): string[] {
  const makes = new Map(seedDocs('deviceMake', docs).map((doc) => [doc._id, doc.name as string]))
  return seedDocs('deviceModel', docs)
    .map((doc) => `${makes.get((doc.make as { _ref: string })._ref)} ${doc.name as string}`)
    .filter((title) => title.toLowerCase().includes(query.toLowerCase()))
}

/**
 * The model names a page's device list shows: the ones its editor picked, or every model of its
 * kind when none are picked.
 */
export function seedDeviceList(path: string, heading: string, docs: Doc[] = shownSeed()): string[] {
  const page = seedDocs('page', docs).find((doc) => (doc.path as { current: string }).current === path)
  type Section = { _type: string; heading: string; category: string; models?: Array<{ _ref: string }> }
  const section = ((page?.sections ?? []) as Section[]).find(
    (candidate) => candidate._type === 'deviceCatalogueSection' && candidate.heading === heading,
  )
  if (!section) throw new Error(`The seed has no device list "${heading}" at ${path}`)
  const picked = new Set((section.models ?? []).map((ref) => ref._ref))
  return seedDocs('deviceModel', docs)
    .filter((doc) =>
      picked.size ? picked.has(doc._id) : section.category === 'all' || doc.category === section.category,
    )
    .map((doc) => doc.name as string)
}

type FaqEntry = { question: string }
/** The FAQ sections of a page: each heading with its questions, in page order. */
export function seedFaqSections(
  path: string,
  docs: Doc[] = shownSeed(),
): Array<{ heading: string; questions: string[] }> {
  const page = seedDocs('page', docs).find((doc) => (doc.path as { current: string }).current === path)
  if (!page) throw new Error(`The seed has no page at ${path}`)
  return (page.sections as Array<{ _type: string; heading: string; entries?: FaqEntry[] }>)
    .filter((section) => section._type === 'faqSection')
    .map((section) => ({ heading: section.heading, questions: (section.entries ?? []).map((e) => e.question) }))
}

/** The price checker's questions, storage first, as their legends read. */
export function seedQuoteQuestions(docs: Doc[] = shownSeed()): string[] {
  const quote = (singleton('sellingCopy', docs).quote as { storageLegend: string }).storageLegend
  const questions = singleton('pricingRules', docs).questions as Array<{ question: string }>
  return [quote, ...questions.map((q) => q.question)]
}

/** The order statuses the Orders document explains, by name. */
export const seedOrderStatusNames = (docs: Doc[] = shownSeed()): string[] =>
  (singleton('orderCopy', docs).statuses as Array<{ name: string }>).map((status) => status.name)

/** The labels of a desktop-menu item's children ("About Us" → its submenu entries). */
export function seedDesktopSubmenu(label: string, docs: Doc[] = shownSeed()): string[] {
  type Item = { link: { label: string }; children?: Item[] }
  const item = (singleton('navigation', docs).desktopMenu as Item[]).find((entry) => entry.link.label === label)
  if (!item) throw new Error(`The seed's desktop menu has no "${label}" item`)
  return (item.children ?? []).map((child) => child.link.label)
}

/** How many devices one basket may hold, as Pricing rules sets it. */
export const seedBasketLimit = (docs: Doc[] = shownSeed()): number =>
  singleton('pricingRules', docs).basketLimit as number

/**
 * The seed's device checklists as `deviceChecklistsQuery` shapes them (each cap's grade as its key),
 * and its condition grades' keys, best first: for the checklist's rules over the real content.
 */
export function seedChecklists(docs: Doc[] = shownSeed()): { lists: DeviceChecklist[]; grades: string[] } {
  const grades = seedDocs('conditionGrade', docs) as unknown as Array<{
    _id: string
    key: { current: string }
    rank: number
  }>
  const gradeKey = (ref?: { _ref: string }) => grades.find((grade) => grade._id === ref?._ref)?.key.current ?? null
  const lists = (
    seedDocs('deviceChecklist', docs) as unknown as Array<
      DeviceChecklist & { questions: Array<{ answers: Array<{ grade?: unknown }> }> }
    >
  ).map((list) => ({
    category: list.category,
    questions: list.questions.map((question) => ({
      key: question.key,
      question: question.question,
      help: question.help ?? null,
      answers: question.answers.map((answer) => ({
        key: answer.key,
        label: answer.label,
        effect: answer.effect,
        grade: gradeKey(answer.grade as unknown as { _ref: string } | undefined),
        percent: answer.percent ?? null,
        stopKind: answer.stopKind ?? null,
        stopWords: answer.stopWords ?? null,
      })),
    })),
  }))
  return { lists, grades: [...grades].sort((a, b) => a.rank - b.rank).map((grade) => grade.key.current) }
}

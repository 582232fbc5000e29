import type { FieldIssue } from './field-problem'

/**
 * How a seller's answers become a grade, and a grade and storage size a price. Pure rules over
 * published content, run in the browser for an instant price and again on the server, whose
 * answer is the only one a basket or an order ever keeps.
 */
export type PriceTable = {
  variants: Array<{ key: string; storageGb: number; prices: Array<{ grade: string; pence: number }> }>
}

export type ConditionAnswer = {
  key: string
  effect: 'none' | 'cap' | 'refuse'
  grade: string | null
  refusal: string | null
}
export type ConditionRules = { questions: Array<{ key: string; answers: ConditionAnswer[] }> }
export type GradeRank = { key: string; rank: number }

export type QuoteInput = { variant?: string | null; answers: Record<string, string | undefined> }

export type QuoteProblem = FieldIssue<'missing' | 'unknown'>

export type Quote =
  | { kind: 'price'; variantKey: string; storageGb: number; gradeKey: string; pence: number }
  | { kind: 'refused'; questionKey: string; refusal: string }
  | { kind: 'invalid'; problems: QuoteProblem[] }
  /** The content has no price for this size and grade: an editor's omission, never the seller's. */
  | { kind: 'unpriced'; variantKey: string; gradeKey: string }

/** The field name a question's answer travels under in forms and APIs. */
export const STORAGE_FIELD = 'storage'

/**
 * The best grade that no answer rules out. A device starts at the best grade; an answer may cap
 * it at a worse one, and the worst cap wins. An answer that refuses the device overrides grading.
 */
export function gradeFor(
  rules: ConditionRules,
  grades: readonly GradeRank[],
  answers: Record<string, string | undefined>,
): { kind: 'grade'; gradeKey: string } | { kind: 'refused'; questionKey: string; refusal: string } | null {
  const rankOf = new Map(grades.map((grade) => [grade.key, grade.rank]))
  const best = [...grades].sort((a, b) => a.rank - b.rank)[0]
  if (!best) return null
  let grade = best
  for (const question of rules.questions) {
    const answer = question.answers.find((a) => a.key === answers[question.key])
    if (!answer) continue
    if (answer.effect === 'refuse') return { kind: 'refused', questionKey: question.key, refusal: answer.refusal ?? '' }
    if (answer.effect === 'cap' && answer.grade) {
      const cap = rankOf.get(answer.grade)
      if (cap !== undefined && cap > grade.rank) grade = { key: answer.grade, rank: cap }
    }
  }
  return { kind: 'grade', gradeKey: grade.key }
}

/** The price for a model, storage size and set of answers, or why there is none. */
export function quote(
  table: PriceTable,
  rules: ConditionRules,
  grades: readonly GradeRank[],
  input: QuoteInput,
): Quote {
  const problems: QuoteProblem[] = []
  const variant = input.variant ? table.variants.find((v) => v.key === input.variant) : undefined
  if (!input.variant) problems.push({ field: STORAGE_FIELD, code: 'missing' })
  else if (!variant) problems.push({ field: STORAGE_FIELD, code: 'unknown' })
  for (const question of rules.questions) {
    const given = input.answers[question.key]
    if (!given) problems.push({ field: question.key, code: 'missing' })
    else if (!question.answers.some((answer) => answer.key === given))
      problems.push({ field: question.key, code: 'unknown' })
  }
  // A refusal stands whatever else is missing: the seller learns at once that we cannot buy it.
  const graded = gradeFor(rules, grades, input.answers)
  if (graded?.kind === 'refused' && !problems.some((p) => p.code === 'unknown')) return graded
  if (problems.length || !variant || graded?.kind !== 'grade') return { kind: 'invalid', problems }
  const price = variant.prices.find((p) => p.grade === graded.gradeKey)
  if (!price) return { kind: 'unpriced', variantKey: variant.key, gradeKey: graded.gradeKey }
  return {
    kind: 'price',
    variantKey: variant.key,
    storageGb: variant.storageGb,
    gradeKey: graded.gradeKey,
    pence: price.pence,
  }
}

/** The most paid for a model: its "Up to" price. */
export function topPrice(table: PriceTable): number {
  return Math.max(0, ...table.variants.flatMap((variant) => variant.prices.map((price) => price.pence)))
}

/** The price for one size and grade, as a basket line is priced again from the current table. */
export function priceOf(table: PriceTable, variantKey: string, gradeKey: string): number | null {
  return table.variants.find((v) => v.key === variantKey)?.prices.find((p) => p.grade === gradeKey)?.pence ?? null
}

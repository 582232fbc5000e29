import type { DeviceChecklist } from '@/content/types'

/**
 * The device checklist's rules, pure, for the server and the browser alike: a device's answers
 * read from the check form, and what they decide: the grade found (the lowest any answer allows),
 * a share off the price, a price staff must set with a reason, or a stop.
 */

export type ChecklistQuestion = DeviceChecklist['questions'][number]
export type StopKind = 'activationLock' | 'refuse' | 'other'

/** One answer as the order keeps it: the keys, and the words staff read when they gave it. */
export type RecordedAnswer = {
  question: string
  questionText: string
  answer: string
  answerText: string
  /** What the answer did: none, cap, deduct, priceByHand or stop. */
  effect: string
}

export type CheckOutcome = {
  gradeKey: string
  /** Percent off the price for the grade found (a network lock, a Wi-Fi-only tablet), at most 100. */
  deductPercent: number
  /** An answer leaves the price to staff, with a reason (storage not as ordered). */
  priceByHand: boolean
  /** The first answer that stops the check, with its kind and words; null when none does. */
  stop: { kind: StopKind; words: string; question: string } | null
  answers: RecordedAnswer[]
}

export type ChecklistProblem = { question: string; code: 'missing' | 'invalid' }

/** A checklist answer's field in the check form: "check-<item id>-<question key>". */
export const answerField = (itemId: string, questionKey: string) => `check-${itemId}-${questionKey}`

/**
 * What a device's answers decide, or every question left unanswered or answered with a key the
 * checklist does not hold (a forged post), and any grade the content names that is not a grade.
 * `grades` are the condition grades, best first.
 */
export function decideCheck(
  questions: readonly ChecklistQuestion[],
  given: Readonly<Record<string, string>>,
  grades: readonly { key: string }[],
): { ok: true; outcome: CheckOutcome } | { ok: false; problems: ChecklistProblem[] } {
  const ranks = new Map(grades.map((grade, index) => [grade.key, index]))
  const problems: ChecklistProblem[] = []
  let worst = 0
  let deductPercent = 0
  let priceByHand = false
  let stop: CheckOutcome['stop'] = null
  const answers: RecordedAnswer[] = []
  for (const question of questions) {
    const key = given[question.key] ?? ''
    const answer = question.answers.find((candidate) => candidate.key === key)
    if (!answer) {
      problems.push({ question: question.key, code: key ? 'invalid' : 'missing' })
      continue
    }
    answers.push({
      question: question.key,
      questionText: question.question,
      answer: key,
      answerText: answer.label,
      effect: answer.effect,
    })
    if (answer.effect === 'cap') {
      const rank = ranks.get(answer.grade ?? '')
      if (rank === undefined) problems.push({ question: question.key, code: 'invalid' })
      else worst = Math.max(worst, rank)
    } else if (answer.effect === 'deduct') deductPercent += answer.percent ?? 0
    else if (answer.effect === 'priceByHand') priceByHand = true
    else if (answer.effect === 'stop' && !stop)
      stop = { kind: answer.stopKind ?? 'other', words: answer.stopWords ?? '', question: question.key }
  }
  const gradeKey = grades[worst]?.key
  if (problems.length || gradeKey === undefined) return { ok: false, problems }
  return { ok: true, outcome: { gradeKey, deductPercent: Math.min(deductPercent, 100), priceByHand, stop, answers } }
}

/**
 * The price a device is worth as found: the quote when the check finds the grade chosen (the
 * price held), otherwise the published price for the grade found; less any share an answer takes
 * off, rounded down to whole pence. Null when staff must set it: an answer says so, or the
 * catalogue no longer prices the device.
 */
export function foundPence(
  item: { pricePence: number; gradeKey: string },
  outcome: Pick<CheckOutcome, 'gradeKey' | 'deductPercent' | 'priceByHand'>,
  publishedForFound: number | null,
): number | null {
  if (outcome.priceByHand) return null
  const base = outcome.gradeKey === item.gradeKey ? item.pricePence : publishedForFound
  if (base === null) return null
  return Math.floor((base * (100 - outcome.deductPercent)) / 100)
}

/** The checklist for a model's kind of device, or null when the content has none for it. */
export const checklistFor = (lists: readonly DeviceChecklist[], category: string | null | undefined) =>
  lists.find((list) => list.category === category) ?? null

import { answerField, checklistFor, decideCheck, foundPence } from '@/orders/moves/checklist'
import { seedChecklists } from '../support/seed-content'

/**
 * The device checklist's rules over the seeded checklists: the grade found is the lowest any answer
 * allows, a network lock or a Wi-Fi-only tablet takes the share editors set off the price, a lock
 * or a device that is not the one ordered stops the check, and a forged answer or grade is refused.
 */
const { lists, grades } = seedChecklists()
const GRADES = grades.map((key) => ({ key }))
const phone = checklistFor(lists, 'phone')!.questions
const tablet = checklistFor(lists, 'tablet')!.questions
/** Every question answered with its first (best) answer, then `changes`. */
const answered = (questions: typeof phone, changes: Record<string, string> = {}) => ({
  ...Object.fromEntries(questions.map((question) => [question.key, question.answers[0]!.key])),
  ...changes,
})
const outcome = (questions: typeof phone, changes: Record<string, string> = {}) => {
  const decided = decideCheck(questions, answered(questions, changes), GRADES)
  if (!decided.ok) throw new Error(JSON.stringify(decided.problems))
  return decided.outcome
}

it('asks of phones and tablets what decides the price and whether we can buy it; tablets also cellular', () => {
  const asked = [
    'powers-on',
    'screen',
    'body',
    'buttons',
    'cameras',
    'battery',
    'water',
    'imei',
    'storage',
    'activation-lock',
    'network',
  ]
  expect(phone.map((question) => question.key).sort()).toEqual([...asked].sort())
  expect(tablet.map((question) => question.key).sort()).toEqual([...asked, 'cellular'].sort())
  expect(checklistFor(lists, 'watch')).toBeNull()
})

it('finds the best grade when every answer is the best, and the lowest any answer allows otherwise', () => {
  expect(outcome(phone)).toMatchObject({ gradeKey: 'excellent', deductPercent: 0, priceByHand: false, stop: null })
  expect(outcome(phone, { screen: 'light' }).gradeKey).toBe('good')
  expect(outcome(phone, { screen: 'light', body: 'heavy' }).gradeKey).toBe('fair')
  // A flat battery is still Faulty, as the seed tells sellers; so is water damage.
  expect(outcome(phone, { 'powers-on': 'no', screen: 'light' }).gradeKey).toBe('faulty')
  expect(outcome(tablet, { water: 'damaged' }).gradeKey).toBe('faulty')
})

it('takes a share off for a network lock and a Wi-Fi-only tablet, and leaves other storage to staff', () => {
  expect(outcome(phone, { network: 'locked' }).deductPercent).toBe(10)
  expect(outcome(tablet, { cellular: 'wifi-only' }).deductPercent).toBe(15)
  expect(outcome(tablet, { cellular: 'wifi-only', network: 'locked' }).deductPercent).toBe(25)
  expect(outcome(phone, { storage: 'different' }).priceByHand).toBe(true)
  const item = { pricePence: 20_000, gradeKey: 'good' }
  // The grade chosen found: the quote, less the share.
  expect(foundPence(item, outcome(phone, { screen: 'light', network: 'locked' }), 18_000)).toBe(18_000)
  // Another grade: its published price, less the share, rounded down.
  expect(foundPence(item, outcome(tablet, { body: 'heavy', cellular: 'wifi-only' }), 12_345)).toBe(10_493)
  expect(foundPence(item, outcome(phone, { storage: 'different' }), 18_000)).toBeNull()
  expect(foundPence(item, outcome(phone), null)).toBeNull()
})

it('stops at an activation lock, and refuses a device that is not the one ordered', () => {
  expect(outcome(phone, { 'activation-lock': 'on' }).stop).toMatchObject({
    kind: 'activationLock',
    question: 'activation-lock',
  })
  const refused = outcome(tablet, { imei: 'differs' }).stop
  expect(refused).toMatchObject({ kind: 'refuse', question: 'imei' })
  expect(refused!.words).not.toBe('')
})

it('refuses an unanswered question, an answer the checklist does not hold, and a cap to an unknown grade', () => {
  const rest = Object.fromEntries(Object.entries(answered(phone)).filter(([key]) => key !== 'screen'))
  expect(decideCheck(phone, rest, GRADES)).toEqual({ ok: false, problems: [{ question: 'screen', code: 'missing' }] })
  expect(decideCheck(phone, answered(phone, { screen: 'mint' }), GRADES)).toEqual({
    ok: false,
    problems: [{ question: 'screen', code: 'invalid' }],
  })
  // Grades the site no longer has: the content's cap names one that is not a grade.
  expect(decideCheck(phone, answered(phone, { screen: 'light' }), [{ key: 'excellent' }])).toEqual({
    ok: false,
    problems: [{ question: 'screen', code: 'invalid' }],
  })
  expect(answerField('item-1', 'screen')).toBe('check-item-1-screen')
})

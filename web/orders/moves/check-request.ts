import type { OrderItemRow } from '@/db/schema'
import { fillTemplate } from '@/lib/templates'
import type { ItemCheck } from './admin-input'
import type { FoundPrice } from './late-parcels'
import type { MoveRequest } from './move-store'

/**
 * What a check answered from the checklist writes, pure: each device's grade found, answers, IMEI
 * and notes (a refused device declined with the checklist's words), the history's line (who is the
 * event's, the grade found per device here), the order's worth without refused devices, and each
 * price found that differs from the quote with the seller's reason for it.
 */
export function checkRequest(
  items: readonly Pick<OrderItemRow, 'id' | 'device' | 'pricePence'>[],
  checks: readonly ItemCheck[],
  grades: ReadonlyMap<string, string>,
  words: { foundReason: string; refusedEvent: string },
  register: ReadonlyArray<Partial<OrderItemRow> | undefined> = [],
  now = new Date(),
): Pick<Required<MoveRequest>, 'items' | 'reason' | 'set'> & { found: FoundPrice[] } {
  const itemOf = (id: string) => items.find((item) => item.id === id)!
  const refusedWords = (c: ItemCheck) => (c.outcome.stop?.kind === 'refuse' ? c.outcome.stop.words : null)
  return {
    items: checks.map((c, index) => {
      const refused = refusedWords(c)
      return {
        id: c.id,
        set: {
          foundGradeKey: c.outcome.gradeKey,
          foundGradeName: grades.get(c.outcome.gradeKey)!,
          imei: c.imei,
          checkNotes: c.notes || null,
          checkAnswers: c.outcome.answers,
          // A refused device is declined there and then, as a seller's declined device is: posted back.
          ...(refused !== null
            ? { revisedPricePence: 0, revisedReason: refused, offerAnswer: 'decline', offerAnsweredAt: now }
            : {}),
          ...register[index],
        },
      }
    }),
    reason: checks
      .map((c) => {
        const grade = grades.get(c.outcome.gradeKey)
        return `${itemOf(c.id).device}: ${grade}${refusedWords(c) !== null ? ` (${words.refusedEvent})` : ''}`
      })
      .join('; '),
    // What the order is worth without its refused devices: paid as it is when nothing else changes.
    set: {
      totalPence: items.reduce(
        (sum, item) => (checks.some((c) => c.id === item.id && refusedWords(c) !== null) ? sum : sum + item.pricePence),
        0,
      ),
    },
    found: checks.flatMap((c) => {
      const item = itemOf(c.id)
      if (c.pricePence === null || c.pricePence === item.pricePence) return []
      const reason =
        c.reason ||
        fillTemplate(words.foundReason, {
          grade: grades.get(c.outcome.gradeKey) ?? '',
          found: c.outcome.answers
            .filter((a) => a.effect !== 'none')
            .map((a) => `${a.questionText}: ${a.answerText}`)
            .join(', '),
        })
      return [{ id: c.id, pricePence: c.pricePence, reason }]
    }),
  }
}

/**
 * The devices a check found locked to their owner's account, and the hold's reason (each device
 * with the answer given), or null when none is: the order is held for the lock instead of checked.
 */
export function lockedByCheck(
  items: readonly Pick<OrderItemRow, 'id' | 'device'>[],
  checks: readonly ItemCheck[],
): { itemIds: string[]; reason: string } | null {
  const locked = checks.filter((c) => c.outcome.stop?.kind === 'activationLock')
  if (!locked.length) return null
  const answerOf = (c: ItemCheck) => c.outcome.answers.find((a) => a.question === c.outcome.stop?.question)
  const device = (id: string) => items.find((item) => item.id === id)?.device ?? ''
  return {
    itemIds: locked.map((c) => c.id),
    reason: locked.map((c) => `${device(c.id)}: ${answerOf(c)?.answerText ?? ''}`).join('; '),
  }
}

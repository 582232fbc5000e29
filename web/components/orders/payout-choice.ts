import type { OrderCopy } from '@/content/types'
import type { Shown, WordOf } from '@/payouts/method'
import { PAYOUT_METHODS } from '@/payouts/methods'
import type { FormField } from '../forms/page-form'

/**
 * The choice of how to be paid, as checkout and the change of payment details both draw it: a
 * radio group of the registered methods, then each method's fields, their group shown for its
 * own choice (page-form.tsx hides the others when scripts run).
 */
type Words = OrderCopy['checkout']
/** A field of a form drawn from a list: its name names its label word. */
export type CheckoutField = { name: WordOf<string> } & Shown

/** One field from a list, in the content's words. */
export function formField(
  words: Words,
  { name, type, autoComplete, inputMode, short, hint, legend, link }: CheckoutField,
) {
  return {
    name,
    label: words[name],
    type,
    autoComplete,
    inputMode,
    short,
    hint: hint && words[hint],
    legend: legend && words[legend],
    link: link && linkOf(words[link]),
  }
}

/** The radio group, then each method's fields; `chosen` is the method chosen until the seller picks another. */
export function payoutChoiceFields(words: Words, chosen: string): FormField[] {
  return [
    {
      name: 'payoutMethod',
      label: words.payoutChoice,
      type: 'radio',
      defaultValue: chosen,
      options: PAYOUT_METHODS.map((method) => ({ value: method.id, label: words[method.choice] })),
    },
    ...PAYOUT_METHODS.flatMap((method) =>
      (method.fields as readonly CheckoutField[]).map((field, index) => ({
        ...formField(words, field),
        ...(index === 0 ? { shownWhen: { field: 'payoutMethod', value: method.id } } : {}),
      })),
    ),
  ]
}

/** A CMS link as a plain label and address, for a client component. */
function linkOf(link: { label?: string | null; href?: string | null } | null | undefined) {
  return link?.label && link.href ? { label: link.label, href: link.href } : null
}

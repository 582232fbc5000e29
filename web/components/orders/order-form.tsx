'use client'

import { validateCheckout } from '@/orders/checkout-validation'
import { validateTracker } from '@/orders/tracker-validation'
import { PageForm, type PageFormProps } from '../forms/page-form'

const RULES = { checkout: validateCheckout, tracker: validateTracker }

/** An order form (checkout, the tracker): the page form with the order rules named by `rules`. */
export function OrderForm({ rules, ...props }: Omit<PageFormProps, 'validate'> & { rules: keyof typeof RULES }) {
  return <PageForm {...props} validate={RULES[rules]} />
}

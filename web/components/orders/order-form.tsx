'use client'

import { validateCheckout, validateFreeCheckout } from '@/orders/checkout/checkout-validation'
import { validateTracker } from '@/orders/checkout/tracker-validation'
import { validatePayoutChange } from '@/orders/payout-change/payout-change-validation'
import { PageForm, type PageFormProps } from '../forms/page-form'

const RULES = {
  checkout: validateCheckout,
  freeCheckout: validateFreeCheckout,
  tracker: validateTracker,
  payout: validatePayoutChange,
}

/** An order form (checkout, the tracker, a change of bank details): the page form with the order rules named by `rules`. */
export function OrderForm({ rules, ...props }: Omit<PageFormProps, 'validate'> & { rules: keyof typeof RULES }) {
  return <PageForm {...props} validate={RULES[rules]} />
}

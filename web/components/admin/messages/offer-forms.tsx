'use client'

import { makeOfferForm, withdrawOfferForm } from '@/orders/manual-offers/offer-form'
import { validateOffer } from '@/orders/manual-offers/offer-rules'
import { ButtonForm } from '../../forms/button-form'
import { PageForm, type FormField } from '../../forms/page-form'

/** The staff form that makes an offer for a message's device: the rules run here first, and again on the server. */
export function MakeOfferForm(props: {
  messageId: string
  fields: FormField[]
  submitLabel: string
  messages: Record<string, string>
  summaryTitle: string
}) {
  return (
    <PageForm
      action={makeOfferForm}
      validate={validateOffer}
      fields={props.fields}
      hidden={{ messageId: props.messageId }}
      submitLabel={props.submitLabel}
      messages={props.messages}
      summaryTitle={props.summaryTitle}
    />
  )
}

/** An open offer's withdraw button. */
export function WithdrawOfferForm({
  messageId,
  offerId,
  label,
}: {
  messageId: string
  offerId: string
  label: string
}) {
  return <ButtonForm action={withdrawOfferForm} hidden={{ messageId, offerId }} submitLabel={label} />
}

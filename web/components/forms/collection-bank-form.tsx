'use client'

import { validateCollectionBank } from '@/collections/payment/bank-details-validation'
import { PageForm, type PageFormProps } from './page-form'

/** The business's bank details form: the page form with the bank rules a seller's are checked by. */
export function CollectionBankForm(props: Omit<PageFormProps, 'validate'>) {
  return <PageForm {...props} validate={validateCollectionBank} />
}

/** The shapes of stored form submissions, shared by the Sanity store and the local file store. */
export type SubscriptionDocument = {
  _id: string
  _type: 'subscription'
  email: string
  consent: true
  subscribedAt: string
}
export type ContactMessageDocument = {
  _id: string
  _type: 'contactMessage'
  name: string
  email: string
  phone: string | null
  message: string
  receivedAt: string
}
export type StoredSubmission = SubscriptionDocument | ContactMessageDocument
export type SubscribeResult = 'created' | 'duplicate'

export class StoreUnavailableError extends Error {}

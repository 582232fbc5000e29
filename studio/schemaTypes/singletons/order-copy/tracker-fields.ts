import { requiredString } from '../../fields'

/** The lookup form on /order-tracker. */
export const trackerFields = [
  requiredString('reference', 'Order number', 'For example "Order number".'),
  requiredString('referenceHint', 'Order number hint', 'What an order number looks like and where to find it.'),
  requiredString('lookup', 'E-mail or postcode', 'For example "E-mail address or postcode".'),
  requiredString('lookupHint', 'E-mail or postcode hint', 'Which address or postcode: the ones given with the order.'),
  requiredString('submit', 'Find button', 'For example "Find my order".'),
]

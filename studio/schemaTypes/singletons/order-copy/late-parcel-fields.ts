import { requiredString, templateString } from '../../fields'

/**
 * A parcel that reaches us after its price hold ended: valued at today's prices, and a price that
 * differs from the quote offered to the seller to confirm. The reason is the seller's to read; the rest only staff see.
 */
export const lateParcelFields = [
  requiredString(
    'revisedReason',
    'Reason for a late parcel’s new price',
    'The reason the seller reads beside a device offered today’s price because it arrived after the price hold, in the revised offer e-mail and on their order page, for example "It arrived after your price expired, so we valued it at today’s price.".',
  ),
  templateString(
    'staffNotice',
    'Late parcel on the staff page',
    'On an order’s staff page, when the parcel was received after its price hold ended. {until} becomes when the hold ended.',
    ['until'],
  ),
  requiredString(
    'staffHelp',
    'What happens next',
    'Under that notice: that a device found in the grade chosen is offered today’s price at the check where it differs from the quote (a rise after a manager’s approval), and a device in another grade is revised at the published price for it.',
  ),
  requiredString('latePriceColumn', 'Today’s price column', 'In the staff page’s devices, for example "Price today".'),
  requiredString(
    'revalueEvent',
    'In the history: valued again',
    'In the history, for a late parcel’s devices valued at today’s prices, for example "Arrived after the price hold: valued at today’s prices".',
  ),
  requiredString(
    'offerEvent',
    'In the history: offered',
    'In the history, for today’s prices offered to the seller at the check, for example "Offered today’s price for a late parcel".',
  ),
]

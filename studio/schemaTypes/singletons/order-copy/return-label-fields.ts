import { requiredString, templateString } from '../../fields'

/**
 * Return labels printed in bulk from the returns queue (the list of orders being returned): the
 * boxes and button staff use, and every word of the PDF, one A4 page an order, its label addressed
 * to the seller and a note for the parcel. Seen by staff; the note goes in the parcel to the seller.
 */
export const returnLabelFields = [
  requiredString(
    'button',
    'Print button',
    'Under the list of orders being returned, for example "Print return labels for the chosen orders (PDF)".',
  ),
  templateString(
    'select',
    'Choose an order',
    'Beside each order being returned, the label of its box. {reference} becomes the order number, for example "Return label for {reference}".',
    ['reference'],
  ),
  requiredString(
    'none',
    'None chosen',
    'When the button is pressed with no order being returned chosen, for example "Choose at least one order being returned.".',
  ),
  requiredString('title', 'PDF title', 'The PDF’s title, which a viewer shows, for example "Return labels".'),
  requiredString(
    'labelHeading',
    'Label heading',
    'Above the seller’s address on each label, for example "Deliver to".',
  ),
  requiredString(
    'labelInstructions',
    'Under the label',
    'For staff: what to do with the label, for example "Cut out the label and fix it to the parcel.".',
  ),
  requiredString(
    'slipHeading',
    'Note heading',
    'The note that goes in the parcel for the seller, for example "Your device, returned".',
  ),
  templateString(
    'slipInstructions',
    'Note',
    'For the seller, under the heading. {reference} becomes their order number, for example "Here is what you sent us with order {reference}, returned free of charge.".',
    ['reference'],
  ),
]

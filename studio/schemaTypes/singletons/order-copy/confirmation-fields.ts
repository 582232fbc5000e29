import { requiredLink as link, requiredString, requiredText, templateString, templateText } from '../../fields'

/** The order's part of /order-successful: its number, the postage label and the packing slip. */
export const confirmationFields = [
  requiredString('heading', 'Heading', 'Above the order number, for example "Your order is placed".'),
  requiredString('referenceLabel', 'Order number label', 'Beside the order number, for example "Your order number".'),
  templateString('emailSent', 'Confirmation sent', '{yourEmail} becomes the address the confirmation went to.', [
    'yourEmail',
  ]),
  templateString(
    'holdUntil',
    'Price held until',
    '{date} becomes the last day the price is held. Say to post before.',
    ['date'],
  ),
  requiredString('printButton', 'Print button', 'For example "Print your free postage label".'),
  requiredString('labelHeading', 'Label heading', 'On the printed label, for example "Free postage label".'),
  requiredText('labelInstructions', 'Label instructions', 'How to use the label: cut it out, stick it on, no stamp.'),
  templateText(
    'freepostAddress',
    'Freepost address',
    'The address printed on the label, one line each: the Freepost name first, then {addressLines}, the postal address from Site settings, one line each.',
    ['addressLines'],
  ),
  requiredString(
    'labelPdfLink',
    'Label as a PDF link',
    'The link that opens the label and packing slip as a PDF, to print or save, for example "Download the label as a PDF".',
  ),
  requiredText(
    'postagePackNote',
    'Postage pack on its way',
    'Shown (and said in the confirmation e-mail) when the seller asked for a postage pack: what comes, and when.',
  ),
  requiredString('slipHeading', 'Packing slip heading', 'For example "Packing slip".'),
  requiredText('slipInstructions', 'Packing slip instructions', 'Why the slip goes in the box with the device.'),
  link('trackLink', 'Tracking link', 'Under the order, usually to /order-tracker.'),
  requiredText(
    'noOrder',
    'No order found',
    'When the page is opened without a valid order. Say where to find the order number.',
  ),
]

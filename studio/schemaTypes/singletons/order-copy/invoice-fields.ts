import { requiredString, requiredText, templateString } from '../../fields'

/**
 * The purchase invoice: the PDF a seller downloads from their paid order's page, our record of
 * buying their devices (who sold, who bought, what, for how much, when). The business's name and
 * address come from Site settings; the seller's from the order.
 */
export const invoiceFields = [
  templateString('title', 'Title', 'The PDF’s title. {reference} becomes the order number.', ['reference']),
  requiredString('heading', 'Heading', "For example 'Purchase invoice'."),
  requiredString('numberLabel', 'Invoice number label', "For example 'Invoice number' (the order number)."),
  requiredString('dateLabel', 'Date label', "For example 'Date paid'."),
  requiredString('sellerHeading', 'Seller heading', "Over the seller's name and address, for example 'Sold by'."),
  requiredString('buyerHeading', 'Buyer heading', "Over our name and address, for example 'Bought by'."),
  requiredString('deviceColumn', 'Device column', "For example 'Device'."),
  requiredString('imeiColumn', 'IMEI column', "For example 'IMEI or serial'."),
  requiredString('noImei', 'No IMEI', 'When the device had no IMEI or serial recorded.'),
  requiredString('priceColumn', 'Price column', "For example 'Price'."),
  requiredString('totalLabel', 'Total label', "For example 'Total paid'."),
  requiredString(
    'sellerRemoved',
    'Seller removed',
    'In place of the name and address once retention has removed them.',
  ),
  requiredText('vatNote', 'VAT note', 'At the foot: why no VAT is shown on a purchase from a private seller.'),
  requiredString('link', 'Link on the order page', "For example 'Download your purchase invoice (PDF)'."),
  requiredString(
    'staffLink',
    'Link on the staff order page',
    "Under a paid order's devices, for example 'Purchase invoice (PDF)'.",
  ),
]

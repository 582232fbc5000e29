import { requiredString, templateString } from '../../fields'

/**
 * Data-erasure certificates: the public page at /certificates/<number> that anyone can open to
 * check one, the PDF, and the seller's order page listing theirs. Seen by sellers, their buyers and
 * anyone a certificate is shown to; they never show the seller.
 */
export const certificateFields = [
  templateString('title', 'Page title', 'The browser tab. {number} becomes the certificate’s number.', ['number']),
  requiredString('heading', 'Heading', "For example 'Data-erasure certificate'."),
  templateString(
    'genuine',
    'Genuine',
    'Under the heading when the number is one of ours. {productName} becomes the product name.',
    ['productName'],
  ),
  requiredString('unknownHeading', 'Not found heading', "For example 'No certificate has this number'."),
  requiredString(
    'unknown',
    'Not found',
    'Under that heading: no certificate has the number typed or in the address (mistyped, changed, or not ours).',
  ),
  requiredString('numberLabel', 'Number label', "For example 'Certificate number'."),
  requiredString('deviceLabel', 'Device label', "For example 'Device'."),
  requiredString('imeiLabel', 'IMEI label', "For example 'IMEI or serial ending in'."),
  requiredString('noImei', 'No IMEI', 'When the device had no IMEI or serial recorded.'),
  requiredString('storageLabel', 'Storage label', "For example 'Storage'."),
  requiredString('standardLabel', 'Standard label', "For example 'Standard and level'."),
  requiredString('levelClear', 'Clear', "For example 'NIST SP 800-88 Clear'."),
  requiredString('levelPurge', 'Purge', "For example 'NIST SP 800-88 Purge'."),
  requiredString('levelDestroy', 'Destroy', "For example 'NIST SP 800-88 Destroy'."),
  requiredString('techniqueLabel', 'Technique label', "For example 'Technique'."),
  requiredString('toolLabel', 'Tool label', "For example 'Erasure tool'."),
  requiredString('verificationLabel', 'Verification label', "For example 'How it was verified'."),
  requiredString('dateLabel', 'Date label', "For example 'Erased on'."),
  requiredString('resultLabel', 'Result label', "For example 'Result'."),
  requiredString('resultPassed', 'Passed', "For example 'Passed'."),
  requiredString('pdfLink', 'PDF link', "For example 'Download this certificate (PDF)'."),
  templateString(
    'pdfCheck',
    'Check line on the PDF',
    'At the foot of the PDF: where to check it. {address} becomes its verification address.',
    ['address'],
  ),
  requiredString(
    'checkHeading',
    'Check heading',
    "The form to type a number, for example 'Check another certificate'.",
  ),
  requiredString('checkButton', 'Check button', "For example 'Check'."),
  requiredString(
    'orderHeading',
    'Order page heading',
    "On the seller's order page, for example 'Data-erasure certificates'.",
  ),
  templateString(
    'orderLine',
    'Order page line',
    "A device's certificate on the order page. {device} and {number} become its facts.",
    ['device', 'number'],
  ),
  templateString(
    'collectionTitle',
    'Collection certificate page title',
    'The browser tab for a business collection’s certificate. {number} becomes its number.',
    ['number'],
  ),
  requiredString(
    'collectionHeading',
    'Collection certificate heading',
    'For example "Data-erasure certificate for a collection".',
  ),
  requiredString(
    'organisationLabel',
    'Organisation label',
    'Whose devices they were: the organisation’s name, never a person’s contact details.',
  ),
  requiredString('issuedLabel', 'Issued label', 'For example "Issued on".'),
  requiredString('deviceCountLabel', 'Device count label', 'For example "Devices".'),
  requiredString(
    'listHeading',
    'Device list heading',
    'Above the list of every device, for example "Every device erased".',
  ),
  templateString(
    'listLine',
    'A device in the list',
    'One device of the collection. {position}, {device}, {imei}, {standard} and {date} become its facts.',
    ['position', 'device', 'imei', 'standard', 'date'],
  ),
  templateString(
    'listLineEnding',
    'A device in the list (public)',
    'One device of the collection as anyone checking the certificate sees it: {imei} becomes only its last digits (the business’s own PDF uses the line above, with every IMEI whole). {position}, {device}, {standard} and {date} become its facts.',
    ['position', 'device', 'imei', 'standard', 'date'],
  ),
]

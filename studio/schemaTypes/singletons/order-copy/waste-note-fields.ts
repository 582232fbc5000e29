import { requiredString, templateString } from '../../fields'

/**
 * A business collection's waste transfer note: the PDF issued when the collection closes and
 * e-mailed to the business by a signed link (it carries their address). Our waste carrier
 * registration number is Site settings' (Contact), stored once.
 */
export const wasteNoteFields = [
  templateString('title', 'Title', 'The PDF’s title. {number} becomes the note’s number.', ['number']),
  requiredString('heading', 'Heading', 'For example "Waste transfer note".'),
  requiredString('numberLabel', 'Number label', 'For example "Note number".'),
  requiredString(
    'transferorHeading',
    'Transferor heading',
    'The business the waste came from, for example "Transferred by (the holder)".',
  ),
  requiredString(
    'sicLabel',
    'SIC code label',
    'Beside the business’s SIC code (asked on the collection form), for example "SIC code".',
  ),
  requiredString(
    'sicMissing',
    'SIC code not given',
    'In place of the SIC code when the business did not give one, for example "Not given by the business".',
  ),
  requiredString('transfereeHeading', 'Transferee heading', 'Us, for example "Received by".'),
  requiredString('nameLabel', 'Name label', 'For example "Name".'),
  requiredString('addressLabel', 'Address label', 'For example "Address".'),
  requiredString(
    'carrierLabel',
    'Carrier registration label',
    'Beside our waste carrier registration number (Site settings › Contact).',
  ),
  requiredString('descriptionLabel', 'Description label', 'For example "Description of the waste".'),
  requiredString('description', 'Description', 'What the waste is, in words.'),
  requiredString('ewcLabel', 'EWC code label', 'For example "European Waste Catalogue code".'),
  requiredString('ewcCode', 'EWC code', 'The waste’s code, for example "16 02 14".'),
  requiredString(
    'containerLabel',
    'Containment label',
    'How the waste was contained, for example "How it is contained".',
  ),
  requiredString('container', 'Containment', 'For example "Boxed".'),
  requiredString('quantityLabel', 'Quantity label', 'For example "Quantity".'),
  templateString('quantity', 'Quantity', '{count} becomes how many devices.', ['count']),
  requiredString(
    'placeLabel',
    'Place of transfer label',
    'Beside the collection address the business gave, where the devices were handed over, for example "Place of transfer".',
  ),
  requiredString('dateLabel', 'Date label', 'The date of the transfer, for example "Date of transfer".'),
  requiredString('hierarchyLabel', 'Waste hierarchy label', 'For example "Waste hierarchy".'),
  requiredString(
    'hierarchy',
    'Waste hierarchy declaration',
    'The transferor’s declaration that the waste hierarchy was applied.',
  ),
  requiredString(
    'link',
    'Staff link',
    'On the collection’s staff page: opens the PDF, for example "Open the waste transfer note (PDF)".',
  ),
  requiredString(
    'certificateLink',
    'Certificate link (staff)',
    'On the collection’s staff page: opens the certificate’s check page.',
  ),
]

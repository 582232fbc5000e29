import { requiredString, templateString } from '../../fields'

/** The staff list of orders at /admin/orders (its pages, filters and order), and an order's related orders. */
export const queueFields = [
  requiredString(
    'homeLink',
    'Link to the staff home',
    'Above the list, back to the staff home at /admin, for example "Staff home".',
  ),
  requiredString(
    'ageFilter',
    'Age filter',
    'The label of the filter by how long an order has waited, for example "Waiting".',
  ),
  requiredString('ageAny', 'Any age', 'The age filter’s first choice: every order, for example "Any time".'),
  requiredString(
    'ageOverWorkingDay',
    'Over a working day',
    'The age filter’s choice of orders in their status for over one working day (Monday to Friday, UK time), the promise to check within one.',
  ),
  requiredString('sortLabel', 'Order of the list', 'The label of the choice of order, for example "Show first".'),
  requiredString('sortOldest', 'Longest waiting first', 'The default order: orders in their status longest first.'),
  requiredString(
    'sortNewest',
    'Newest first',
    'The other order: orders that entered their status most recently first.',
  ),
  requiredString(
    'waitingColumn',
    'In status since column',
    'When the order entered its status, for example "In status since".',
  ),
  templateString(
    'showing',
    'Which orders are shown',
    'Above the table and in the page title. {from} and {to} become the places of the first and last order shown, {total} how many match.',
    ['from', 'to', 'total'],
  ),
  requiredString(
    'pagesLabel',
    'Pages',
    'Names the pair of links to the next and previous pages for screen readers, for example "Pages".',
  ),
  requiredString('nextPage', 'Next page', 'The link to the orders after these, for example "Next page".'),
  requiredString('previousPage', 'Previous page', 'The link to the orders before these, for example "Previous page".'),
  requiredString(
    'pageInvalid',
    'Page link not working',
    'When a page link was edited or is from another order of the list: the list starts again at the top.',
  ),
  requiredString(
    'relatedHeading',
    'Related orders heading',
    'On an order’s staff page, above other orders that share something with it.',
  ),
  requiredString(
    'relatedNone',
    'No related orders',
    'When no other order has the same device, bank account or address, for example "No other order shares a device, bank account or address."',
  ),
  requiredString('relatedColumn', 'What it shares column', 'For example "Shares".'),
  templateString(
    'relatedDevice',
    'Same device',
    'An order with the same IMEI or serial number. {deviceId} becomes it.',
    ['deviceId'],
  ),
  requiredString(
    'relatedAccount',
    'Same bank account',
    'An order paid to the same bank account (compared without revealing it), for example "Same bank account".',
  ),
  requiredString('relatedAddress', 'Same address', 'An order with the same postcode and first line of the address.'),
]

import { copyGroup as group, requiredString, templateString } from '../fields'

/**
 * Paying a business collection's quote: the business's bank details page (opened by the link in
 * its quote's e-mail) and the payment on the collection's staff page.
 */
export const collectionPaymentGroup = group(
  'collectionPayment',
  'Business collection payment',
  'The page where a business gives its bank details for its quote (by the link in the quote’s e-mail; its field labels and problems are the Orders document’s checkout words), and the payment on each collection’s staff page.',
  [
    requiredString('pageHeading', 'Bank details page: heading', 'For example "Your bank details for payment".'),
    templateString(
      'pageIntro',
      'Bank details page: introduction',
      '{organisation} becomes the business and {total} the quote’s total.',
      ['organisation', 'total'],
    ),
    requiredString('submit', 'Bank details page: button', 'For example "Save bank details".'),
    requiredString(
      'saved',
      'Bank details page: saved',
      'After the details are kept: what happens next (a manager pays by bank transfer and e-mails a remittance statement).',
    ),
    requiredString(
      'invalidLink',
      'Bank details page: link not valid',
      'A link that is wrong, or used already: nothing is kept; say to reply to the quote’s e-mail for a new one.',
    ),
    templateString(
      'expiredLink',
      'Bank details page: link expired',
      'A link past its days: nothing is kept; say how to get a new one. {phone} becomes our phone number (Site settings).',
      ['phone'],
    ),
    requiredString('problemsTitle', 'Bank details page: problems heading', 'Above the list of problems in the form.'),
    requiredString(
      'staffHeading',
      'Staff: heading',
      'Above the payment on a collection’s page, for example "Payment".',
    ),
    templateString(
      'staffWaiting',
      'Staff: waiting for bank details',
      'Before the business gives its bank details. {total} becomes the quote’s total.',
      ['total'],
    ),
    templateString(
      'staffGiven',
      'Staff: bank details given',
      'Once given. {last4} becomes the account number’s last four digits and {total} the quote’s total.',
      ['last4', 'total'],
    ),
    templateString(
      'staffReturned',
      'Staff: payment returned',
      'The bank rejected or returned the payment: the business was e-mailed a new link. {total} becomes the quote’s total and {reason} the payments provider’s reason.',
      ['total', 'reason'],
    ),
    requiredString(
      'newLinkButton',
      'Staff: send a new link button',
      'Managers only, while bank details are awaited: e-mails the business a new link (the old one stops working).',
    ),
    requiredString('newLinkSent', 'Staff: new link sent notice', 'After a manager sends a new link.'),
    requiredString(
      'notRenewable',
      'Staff: no new link',
      'Sending a new link once the bank details are given or the payment is made.',
    ),
    requiredString(
      'payReturned',
      'Staff: payment rejected',
      'Paying, when the bank rejects the payment at once: nothing was paid and the business is e-mailed a new link.',
    ),
    requiredString(
      'payeeHeading',
      'Staff: Confirmation of Payee heading',
      'Above what the business’s bank said of the account’s name.',
    ),
    requiredString('payeeMatch', 'Staff: payee matched', 'The bank confirmed the name the business gave.'),
    templateString(
      'payeeCloseMatchAccepted',
      'Staff: payee close match, bank’s name taken',
      'The business took the name the bank holds. {bankName} becomes that name.',
      ['bankName'],
    ),
    templateString(
      'payeeCloseMatchKept',
      'Staff: payee close match, own name kept',
      'The business kept the name it typed. {bankName} becomes the name the bank holds.',
      ['bankName'],
    ),
    templateString(
      'payeeNoMatch',
      'Staff: payee no match',
      'The business said the details are right despite a no match. {reason} becomes the bank’s reason code.',
      ['reason'],
    ),
    templateString(
      'payeeUnavailable',
      'Staff: payee not checked',
      'The bank could not say. {reason} becomes its reason code.',
      ['reason'],
    ),
    requiredString(
      'payeeHeld',
      'Staff: check before paying',
      'Under a kept name or a no match: a manager should check with the business before paying.',
    ),
    templateString('payButton', 'Staff: pay button', 'Managers only. {total} becomes the quote’s total.', ['total']),
    templateString(
      'paidLine',
      'Staff: paid',
      'Once paid. {total} becomes the amount, {at} when and {reference} the payment’s reference.',
      ['total', 'at', 'reference'],
    ),
    requiredString(
      'paidNotice',
      'Staff: paid notice',
      'After a manager pays, for example "Paid: remittance e-mailed".',
    ),
    requiredString('noBankDetails', 'Staff: no bank details yet', 'Paying before the business gave its bank details.'),
    requiredString('notPayable', 'Staff: nothing to pay', 'Paying a collection whose quote is not sent, or is £0.'),
    requiredString(
      'payFailed',
      'Staff: payment not sent',
      'The payments provider could not be reached or refused: nothing was paid; pressing again sends the same payment, never a second.',
    ),
    requiredString(
      'noPayer',
      'Staff: no payments provider',
      'Paying when the site has no payments provider configured (the Bacs file route).',
    ),
    templateString('historyBankDetails', 'History: bank details given', '{name} becomes the business.', ['name']),
    templateString('historyPay', 'History: payment sent', '{name} becomes the manager.', ['name']),
    templateString(
      'historyReturned',
      'History: payment returned',
      '{name} becomes the payments provider and {reason} its reason.',
      ['name', 'reason'],
    ),
    templateString('historyNewLink', 'History: new link sent', '{name} becomes the manager.', ['name']),
    templateString(
      'historyPaid',
      'History: paid',
      '{total} becomes the amount and {reference} the payment’s reference.',
      ['total', 'reference'],
    ),
  ],
)

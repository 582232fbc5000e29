import { defineField } from 'sanity'
import { requiredString, requiredText, templateString } from '../../fields'

/** The payment run pages at /admin/payments, seen only by managers. */
export const paymentRunFields = [
  defineField({
    name: 'payments',
    title: 'Payment runs',
    type: 'object',
    description:
      'The pages at /admin/payments where a manager pays many orders at once with one bank file, and marks each payment paid or failed.',
    fields: [
      requiredString('heading', 'Heading', 'Above the list of payment runs, for example "Payment runs".'),
      requiredString('newRun', 'New run link', 'The link to make a run, for example "Make a payment run".'),
      requiredString('noRuns', 'No runs', 'When no payment run has been made yet.'),
      requiredString('backToRuns', 'Back to the runs', 'The link back to the list, for example "All payment runs".'),
      requiredString('runColumn', 'Run column', 'For example "Run".'),
      requiredString('madeColumn', 'Made column', 'When the run was made, for example "Made".'),
      requiredString('byColumn', 'Made by column', 'Who made the run, for example "By".'),
      requiredString('countColumn', 'Count column', 'How many payments, for example "Payments".'),
      requiredString('totalColumn', 'Total column', 'For example "Total".'),
      requiredString('stateColumn', 'State column', 'For example "State".'),
      requiredString('stateOpen', 'Run: open', 'A run with payments not yet marked, for example "Open".'),
      requiredString('stateSettled', 'Run: settled', 'A run whose every payment is marked, for example "Settled".'),
      requiredString('newHeading', 'New run heading', 'Above the orders ready to pay, for example "New payment run".'),
      requiredText(
        'newHelp',
        'New run help',
        'What is ready: checked or accepted orders (and failed payments to try again), every device passed by the register, no change of bank details waiting.',
      ),
      requiredString('noneReady', 'Nothing ready', 'When no order is ready to pay.'),
      templateString(
        'includeOrder',
        'Include an order',
        'The label of each order’s tick box, for people using a screen reader. {reference} becomes the order number.',
        ['reference'],
      ),
      requiredString(
        'allReady',
        'All ready orders',
        'The tick box that puts every ready order in the run, for example "All ready orders".',
      ),
      requiredString('makeButton', 'Make the run button', 'For example "Make the payment run".'),
      requiredString('noneChosen', 'Nothing chosen', 'When the form was sent with no order ticked.'),
      requiredString(
        'noneLeft',
        'Every order taken',
        'When every order chosen was put in another run (by another manager) or stopped being ready, so no run was made.',
      ),
      templateString(
        'payeeName',
        'Account name the bank file cannot carry',
        'When no run was made because an order’s account name has no letter the bank file can carry (another script, kept before checkout checked it). {orders} becomes their order numbers. Say what to do: untick them, and ask the sellers to change their bank details.',
        ['orders'],
      ),
      templateString(
        'skipped',
        'Some orders left out',
        'On a new run when some chosen orders were taken by another run or stopped being ready. {count} becomes how many.',
        ['count'],
      ),
      templateString('runHeading', 'Run heading', 'Above one run. {reference} becomes the run’s reference.', [
        'reference',
      ]),
      requiredText(
        'compareHelp',
        'Compare with the bank',
        'Above the count and total: say to compare them, and the file’s fingerprint, with what the bank’s import screen shows.',
      ),
      requiredString('formatLabel', 'File format label', 'For example "File format".'),
      requiredString('formatName', 'File format', 'The bank file’s format, for example "Bacs Standard 18".'),
      requiredString('shaLabel', 'Fingerprint label', 'For example "File SHA-256".'),
      requiredString('downloadButton', 'Download button', 'For example "Download the bank file".'),
      requiredString(
        'downloadsHeading',
        'Downloads heading',
        'Above who downloaded the file, for example "Downloads".',
      ),
      requiredString('noDownloads', 'No downloads', 'When nobody has downloaded the file yet.'),
      templateString('downloadEntry', 'Download entry', 'One download: {name} (who) and {date} (when).', [
        'name',
        'date',
      ]),
      requiredString(
        'fileDeleted',
        'File deleted',
        'When the run’s bank file was deleted, as the privacy policy says, for example "The bank file was deleted.".',
      ),
      requiredString('linesHeading', 'Payments heading', 'Above the run’s payments, for example "Payments".'),
      requiredString('orderColumn', 'Order column', 'For example "Order number".'),
      requiredString(
        'payeeColumn',
        'Seller column',
        'The seller paid, by the name on their order, for example "Seller".',
      ),
      requiredString('amountColumn', 'Amount column', 'For example "Amount".'),
      requiredString('lineStateColumn', 'Payment state column', 'For example "State".'),
      requiredString('linePending', 'Payment: waiting', 'A payment not marked yet, for example "Sent to the bank".'),
      requiredString('linePaid', 'Payment: paid', 'For example "Paid".'),
      templateString('lineFailed', 'Payment: failed', 'A failed payment. {reason} becomes the bank’s reason.', [
        'reason',
      ]),
      requiredString('markPaidButton', 'Mark the run paid button', 'For example "Mark the run paid".'),
      requiredText(
        'markPaidHelp',
        'Mark the run paid help',
        'Say that every payment still waiting is marked paid and each seller is e-mailed.',
      ),
      requiredString('markFailedButton', 'Mark failed button', 'For example "Mark failed".'),
      requiredString(
        'failureReason',
        'Reason label',
        'The field for why the bank refused a payment, for example "Bank’s reason (kept in the history)".',
      ),
      requiredString('reasonNeeded', 'Reason needed', 'When "Mark failed" was sent without a reason.'),
      requiredString('made', 'Run made', 'After a run was made, for example "Payment run made.".'),
      requiredString('markedPaid', 'Run marked paid', 'After the run was marked paid, for example "Marked paid.".'),
      requiredString('markedFailed', 'Payment marked failed', 'After a payment was marked failed.'),
      requiredString(
        'alreadyMarked',
        'Already marked',
        'When there was nothing left to mark (marked already, by someone else or in another tab).',
      ),
      requiredString(
        'startEvent',
        'History: put in a run',
        'In an order’s history, for example "Put in a payment run".',
      ),
      requiredString(
        'confirmEvent',
        'History: paid in a run',
        'In an order’s history, for example "Paid (payment run)".',
      ),
      requiredString('failEvent', 'History: payment failed', 'In an order’s history, for example "Payment failed".'),
    ],
    validation: (rule) => rule.required(),
  }),
]

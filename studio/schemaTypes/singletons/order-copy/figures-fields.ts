import { requiredString, templateString } from '../../fields'

/** The staff dashboard at /admin (today's numbers, the charts) and the accountant's day sheet. */
export const figuresFields = [
  requiredString(
    'heading',
    'Heading',
    'The staff home page’s heading, above the day’s numbers, for example "Dashboard".',
  ),
  requiredString('ordersLink', 'Orders link', 'The link to the list of every order, for example "All orders".'),
  requiredString('paymentsLink', 'Payment runs link', 'The link to the payment runs, for example "Payment runs".'),
  requiredString('todayHeading', 'Today heading', 'Above today’s numbers, for example "Today".'),
  requiredString(
    'arrived',
    'Devices arrived',
    'Today’s number of devices whose parcel arrived, for example "Devices arrived".',
  ),
  requiredString('checked', 'Checks done', 'Today’s number of orders checked, for example "Checks done".'),
  requiredString('waiting', 'Waiting to be checked', 'Orders whose devices arrived and wait for their check now.'),
  templateString(
    'waitingOverdue',
    'Waiting too long',
    'Under the orders waiting: how many have waited longer than the check promise (Timings). {count} becomes how many, {days} the working days promised.',
    ['count', 'days'],
  ),
  requiredString('paid', 'Orders paid', 'Today’s number of orders paid, for example "Orders paid".'),
  requiredString('paidAmount', 'Amount paid', 'What today’s payments add up to, for example "Paid out".'),
  requiredString(
    'returns',
    'Returns to send',
    'Orders whose devices are to be posted back, for example "Returns to send".',
  ),
  templateString(
    'chartsHeading',
    'Charts heading',
    'Above the charts. {days} becomes how many days they show, for example "The last {days} days".',
    ['days'],
  ),
  requiredString('arrivalsChart', 'Arrivals chart', 'The title of the chart of devices arrived per day.'),
  requiredString('checksChart', 'Checks chart', 'The title of the chart of checks done per day.'),
  requiredString(
    'revisedChart',
    'Revised share chart',
    'The title of the chart of the share of checked orders given a revised offer.',
  ),
  requiredString(
    'checkHoursChart',
    'Time to check chart',
    'The title of the chart of working hours from a parcel’s arrival to its check (the median of the day’s checks).',
  ),
  requiredString(
    'payHoursChart',
    'Time to payment chart',
    'The title of the chart of working hours from arrival (or from the seller accepting a revised offer) to payment (the median of the day’s payments).',
  ),
  templateString(
    'promiseLine',
    'Promise line',
    'The label of the line a time chart draws at the promise. {hours} becomes the working hours promised.',
    ['hours'],
  ),
  requiredString(
    'tableToggle',
    'Show the numbers',
    'Opens the table of numbers under each chart, for example "Show the numbers".',
  ),
  requiredString('dayColumn', 'Day column', 'The first column of each chart’s table, for example "Day".'),
  requiredString('devicesColumn', 'Devices column', 'The arrivals table’s numbers, for example "Devices".'),
  requiredString('checksColumn', 'Checks column', 'The checks table’s numbers, for example "Checks".'),
  requiredString('percentColumn', 'Per cent column', 'The revised share table’s numbers, for example "Revised (%)".'),
  requiredString('hoursColumn', 'Hours column', 'The time charts’ numbers, for example "Working hours".'),
  requiredString('noValue', 'No value', 'In a table, for a day with nothing to measure, for example "none".'),
  requiredString(
    'csvHeading',
    'Day sheet heading',
    'Above the form that downloads a day’s payments, for example "Payments for the accountant".',
  ),
  requiredString(
    'csvHelp',
    'Day sheet help',
    'What the file holds: one row per order paid that day and a total, and no seller’s personal details.',
  ),
  requiredString('csvDate', 'Day sheet date', 'The label of the day to download, for example "Day paid".'),
  requiredString('csvButton', 'Day sheet button', 'For example "Download CSV".'),
  requiredString(
    'csvDateInvalid',
    'Day sheet date wrong',
    'When the day asked for is not a date, for example "Choose a day to download.".',
  ),
  templateString(
    'csvFileName',
    'Day sheet file name',
    'The file’s name. {date} becomes the day, for example "payments-{date}.csv".',
    ['date'],
  ),
  requiredString('csvReference', 'Order number column', 'The file’s column head, for example "Order number".'),
  requiredString(
    'csvPaidAt',
    'Paid at column',
    'The file’s column head for when it was paid (London time), for example "Paid at".',
  ),
  requiredString(
    'csvDevices',
    'Devices column',
    'The file’s column head for how many devices were paid for, for example "Devices".',
  ),
  requiredString(
    'csvModels',
    'Models column',
    'The file’s column head for the devices’ makes and models, for example "Models".',
  ),
  requiredString(
    'csvAmount',
    'Amount column',
    'The file’s column head for the amount in pounds and pence, for example "Amount (GBP)".',
  ),
  requiredString(
    'csvTotal',
    'Total row',
    'The first cell of the file’s last row, which adds up the day, for example "Total".',
  ),
  requiredString(
    'csvMethod',
    'Day sheet: method column',
    'How the seller was paid (bank, paypal), for example "Method".',
  ),
  requiredString(
    'csvPaidBy',
    'Day sheet: paid by column',
    'The payment run’s reference, or the payments provider’s own reference for the payment, for example "Paid by".',
  ),
]

import { PackageIcon } from '@sanity/icons/Package'
import { defineType } from 'sanity'
import { copyGroup as group } from '../fields'
import { adminFields } from './order-copy/admin-fields'
import { checklistFields } from './order-copy/checklist-fields'
import { paymentRunFields } from './order-copy/payment-run-fields'
import { checkoutFields } from './order-copy/checkout-fields'
import { confirmationFields } from './order-copy/confirmation-fields'
import { detailsFields } from './order-copy/details-fields'
import { figuresFields } from './order-copy/figures-fields'
import { payoutFields } from './order-copy/payout-fields'
import { payoutChangeFields } from './order-copy/payout-change-fields'
import { problemFields } from './order-copy/problem-fields'
import { queueFields } from './order-copy/queue-fields'
import { riseFields } from './order-copy/rise-fields'
import { holdFields } from './order-copy/hold-fields'
import { identityFields } from './order-copy/identity-fields'
import { claimFields } from './order-copy/claim-fields'
import { lockFields } from './order-copy/lock-fields'
import { lateParcelFields } from './order-copy/late-parcel-fields'
import { goodsInFields } from './order-copy/goods-in-fields'
import { stockFields } from './order-copy/stock-fields'
import { recordsFields } from './order-copy/records-fields'
import { certificateFields } from './order-copy/certificate-fields'
import { reportFields } from './order-copy/report-fields'
import { wasteNoteFields } from './order-copy/waste-note-fields'
import { invoiceFields } from './order-copy/invoice-fields'
import { returnLabelFields } from './order-copy/return-label-fields'
import { statusFields } from './order-copy/status-fields'
import { timingFields } from './order-copy/timing-fields'
import { trackerFields } from './order-copy/tracker-fields'

/** Every word of checkout, the order pages, the order statuses and the staff order pages. */
export const orderCopy = defineType({
  name: 'orderCopy',
  title: 'Orders',
  type: 'document',
  icon: PackageIcon,
  groups: [
    { name: 'checkout', title: 'Checkout', default: true },
    { name: 'problems', title: 'Problems' },
    { name: 'confirmation', title: 'Order placed' },
    { name: 'tracker', title: 'Tracker' },
    { name: 'details', title: 'Order page' },
    { name: 'payoutChange', title: 'Bank details' },
    { name: 'statuses', title: 'Statuses' },
    { name: 'timings', title: 'Timings' },
    { name: 'admin', title: 'Staff pages' },
    { name: 'rises', title: 'Price rises' },
    { name: 'holds', title: 'Register holds' },
    { name: 'identity', title: 'Proof of identity' },
    { name: 'claims', title: 'Claims' },
    { name: 'locks', title: 'Activation locks' },
    { name: 'checklist', title: 'Device checklist' },
    { name: 'lateParcels', title: 'Late parcels' },
    { name: 'goodsIn', title: 'Goods in' },
    { name: 'stock', title: 'Stock' },
    { name: 'records', title: 'Records' },
    { name: 'certificate', title: 'Certificates' },
    { name: 'wasteNote', title: 'Waste transfer notes' },
    { name: 'collectionReport', title: 'Itemised reports' },
    { name: 'invoice', title: 'Purchase invoice' },
    { name: 'returnLabels', title: 'Return labels' },
    { name: 'queue', title: 'Staff list' },
    { name: 'figures', title: 'Dashboard' },
    { name: 'payouts', title: 'Payouts' },
  ],
  fields: [
    group(
      'checkout',
      'Checkout',
      'The form on /complete-order and the summary of the devices being sold.',
      checkoutFields,
    ),
    group(
      'problems',
      'Problems',
      'What a seller reads when an order form cannot go through. Say what to do next.',
      problemFields,
    ),
    group(
      'confirmation',
      'Order placed',
      'The order’s part of /order-successful, including the printed postage label.',
      confirmationFields,
    ),
    group('tracker', 'Tracker', 'The form on /order-tracker that finds an order.', trackerFields),
    group('details', 'Order page', 'One order, on /order-tracker-details and on the seller’s /profile.', detailsFields),
    group(
      'payoutChange',
      'Bank details',
      'Changing the bank details from the order page, confirmed with a code e-mailed to the order’s address.',
      payoutChangeFields,
    ),
    ...statusFields,
    group('timings', 'Timings', 'Days the site counts. How long a price is held is in Pricing rules.', timingFields),
    group('admin', 'Staff pages', 'The order pages at /admin, seen only by staff.', [
      ...adminFields,
      ...paymentRunFields,
    ]),
    group(
      'rises',
      'Price rises',
      'A revised price above the quote waits for a manager’s approval before the seller sees it; the revise form’s published prices.',
      riseFields,
    ),
    group(
      'holds',
      'Register holds',
      'The stolen-device register on an order’s staff page: a manager clearing a caution, and a held order checked again, released, sent back or kept for the police.',
      holdFields,
    ),
    group(
      'identity',
      'Proof of identity',
      'When a seller is asked for proof of identity (above an amount, or a bank account another order used; staff may ask on any order), the seller’s upload page, and the staff words. An order waiting for it is not paid.',
      identityFields,
    ),
    group(
      'claims',
      'Claims',
      'Who is working on an order (claims and their release), the staff list’s "My work", "Unclaimed" and "Postage packs to post" views, and the dashboard’s table of what each person did today.',
      claimFields,
    ),
    group(
      'locks',
      'Activation locks',
      'A device still locked to an Apple or Google account: staff hold the order, the seller says on their order page that the lock is removed, staff check again; past the deadline (Timings) the device goes back free.',
      lockFields,
    ),
    group(
      'checklist',
      'Device checklist',
      'The checklist staff answer for each device at the check: its labels, what stops it, and the reason a seller reads for a price found. The questions are in Device checklists.',
      checklistFields,
    ),
    group(
      'lateParcels',
      'Late parcels',
      'A parcel received after its price hold ended: its devices valued at today’s prices, and a lower price offered to the seller at the check.',
      lateParcelFields,
    ),
    group(
      'goodsIn',
      'Goods in',
      'The goods-in bench at /admin/goods-in, where parcels are scanned in, and its unmatched parcels queue.',
      goodsInFields,
    ),
    group(
      'stock',
      'Stock',
      'The stock pages at /admin/stock: the devices bought, found by stock number, IMEI or order; their history and erasures; moving them and recording their erasure.',
      stockFields,
    ),
    group(
      'records',
      'Records',
      'The records page at /admin/stock/records, for managers: the purchase register for the police and the VAT margin scheme stock book, downloaded as CSV and each download recorded.',
      recordsFields,
    ),
    group(
      'certificate',
      'Certificates',
      'Data-erasure certificates: the public page at /certificates/<number> that checks one, the PDF, and the list on the seller’s order page.',
      certificateFields,
    ),
    group(
      'wasteNote',
      'Waste transfer notes',
      'The waste transfer note a business collection ends with (a PDF, issued when staff close it, e-mailed to the business by a link only they hold).',
      wasteNoteFields,
    ),
    group(
      'collectionReport',
      'Itemised reports',
      'The itemised report a business collection ends with (a PDF, issued when staff close it beside the waste transfer note, e-mailed to the business by a link only they hold): each device’s grade, value and whether it was reused or recycled.',
      reportFields,
    ),
    group(
      'invoice',
      'Purchase invoice',
      'The purchase invoice a seller downloads as a PDF from their paid order’s page.',
      invoiceFields,
    ),
    group(
      'returnLabels',
      'Return labels',
      'Return labels printed in bulk from the list of orders being returned: the boxes, the button, and the PDF’s words.',
      returnLabelFields,
    ),
    group(
      'queue',
      'Staff list',
      'The list of orders at /admin/orders (pages, filters, order) and the related orders on an order’s staff page.',
      queueFields,
    ),
    group(
      'figures',
      'Dashboard',
      'The staff home page at /admin: the day’s numbers, the charts, and the accountant’s day sheet.',
      figuresFields,
    ),
    group(
      'payouts',
      'Payouts',
      'The payout job as staff see it: the money on the dashboard, the daily limit and approvals, an order’s payments.',
      payoutFields,
    ),
  ],
  preview: { prepare: () => ({ title: 'Orders' }) },
})

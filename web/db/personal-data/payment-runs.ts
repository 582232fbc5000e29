/**
 * Payment runs: a run of many sellers' payments, its lines, and who downloaded its bank file; and
 * the payments the payout job sends through a payer, with the limit and approvals managers set.
 */
import { EMPTIED, notPersonal, withheld, type ColumnUse } from './column-use'

export const paymentRunColumns: Record<string, Record<string, ColumnUse>> = {
  // A payment run holds many sellers' bank details only in its sealed bank file: deleted once the
  // run is settled and the bank details period has passed (orders/moves/retention.ts), or as soon as one
  // seller in it erases their account. Its lines keep what was paid, as the order's total does.
  payment_run: {
    id: notPersonal('a random id of a run of many orders'),
    reference: notPersonal("the run's reference, the business's own"),
    created_by: notPersonal("the manager who made it: their account, not a seller's"),
    created_by_name: notPersonal("the manager's name as they made it: theirs, not a seller's"),
    created_at: notPersonal('when the run was made'),
    order_count: notPersonal('how many payments the run holds'),
    total_pence: notPersonal("the run's total, across many sellers"),
    file_sealed: withheld(
      "the bank file, sealed: every seller's bank details in the run. The download says whether they are held (orders[].payout.bankDetailsHeld); the file of any run holding the seller's order is deleted with their account",
      EMPTIED,
    ),
    file_sha256: notPersonal("the file's fingerprint: a hash that names no one without the file"),
    file_deleted_at: notPersonal('when the file was deleted'),
    state: notPersonal('whether every payment in the run is marked'),
    settled_at: notPersonal('when the last payment was marked'),
  },
  payment_run_line: {
    id: notPersonal('a serial number'),
    run_id: notPersonal('the run it belongs to'),
    order_id: notPersonal('the order it pays'),
    amount_pence: notPersonal("the amount paid: the order's total, given as orders[].totalPence"),
    state: notPersonal('whether the bank paid it: the order’s status and history say so, given in orders[]'),
    failure_reason: withheld(
      "the bank's reason for a failed payment, as a manager typed it: the same words are the history's reason (orders[].history[].reason)",
      EMPTIED,
    ),
    settled_at: notPersonal("when it was marked: the order's history gives it (orders[].history[].at)"),
  },
  payment_run_download: {
    id: notPersonal('a serial number'),
    run_id: notPersonal('the run whose file was downloaded'),
    user_id: notPersonal("the manager who downloaded it: their account, not a seller's"),
    actor_name: notPersonal("the manager's name as they downloaded it"),
    at: notPersonal('when'),
  },
  // A payment sent through a payer: what was paid to which order, never where (the details stay
  // sealed on the order); the payer's reason for a failure is emptied with the seller's account.
  payment: {
    id: notPersonal('a random id'),
    order_id: notPersonal('the order it pays'),
    attempt: notPersonal('which attempt for the order'),
    idempotency_key: notPersonal("the order's id and the attempt: the key the payer sees"),
    payer: notPersonal('which service paid it'),
    amount_pence: notPersonal("the amount paid: the order's total, given as orders[].totalPence"),
    reference: notPersonal("the order's reference, given as orders[].reference"),
    day: notPersonal('the day whose cut-off sent it'),
    state: notPersonal('where the payment is: the order’s status and history say so, given in orders[]'),
    payer_payment_id: notPersonal("the payer's id for the payment: the business's own record with the payer"),
    reason: withheld(
      "the payer's reason for a failed payment: the same words are the history's reason (orders[].history[].reason)",
      EMPTIED,
    ),
    created_at: notPersonal("when it was sent: the order's history gives it (orders[].history[].at)"),
    accepted_at: notPersonal('when the payer took it'),
    finished_at: notPersonal("when its final status came: the order's history gives it"),
    asked_at: notPersonal('when the job last asked the payer about it'),
  },
  payment_event: {
    payer: notPersonal('which service sent the webhook'),
    event_id: notPersonal("the payer's id for a webhook event, kept so it is applied once"),
    created_at: notPersonal('when it came'),
  },
  payout_limit: {
    id: notPersonal('the one row'),
    daily_pence: notPersonal('the most paid by the job in a day'),
    set_by: notPersonal("the manager who set it: their account, not a seller's"),
    set_by_name: notPersonal("the manager's name as they set it"),
    set_at: notPersonal('when'),
  },
  payout_approval: {
    id: notPersonal('a random id'),
    day: notPersonal('the day it raised the limit of'),
    amount_pence: notPersonal('by how much, across many sellers'),
    approved_by: notPersonal("the manager who approved it: their account, not a seller's"),
    approved_by_name: notPersonal("the manager's name as they approved it"),
    created_at: notPersonal('when'),
  },
}

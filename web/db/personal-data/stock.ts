/**
 * Stock's columns: the devices the business bought (or collected from a business, with that
 * collection's devices and paperwork), their moves and their erasures. A device is
 * tied to a seller only through its order's device (order_item), where the IMEI and the seller's
 * details are kept and removed; nothing here names the seller. Buyers, refurbishers and recycling
 * facilities are businesses the back office deals with; staff names are kept as order events keep them.
 */
import { notPersonal, type ColumnUse } from './column-use'

const WHEN = notPersonal('when')
const STAFF = notPersonal("the member of staff: their account, not a seller's")
const STAFF_NAME = notPersonal("the staff member's name as they acted")
const TOOL = notPersonal('the erasure as its tool reported it: about the device, not its seller')

export const stockColumns: Record<string, Record<string, ColumnUse>> = {
  stock_device: {
    id: notPersonal('a random id'),
    stock_number: notPersonal('the business’s own number for the device'),
    order_item_id: notPersonal('the order’s device it was: the seller’s details stay there, removed with them'),
    collection_device_id: notPersonal(
      'the business collection’s device it was: the business’s details stay on its request',
    ),
    state: notPersonal('in stock, listed, or where it went'),
    location: notPersonal('a shelf or bin in the warehouse'),
    created_at: notPersonal('when it was taken into stock'),
    updated_at: notPersonal('when it last moved'),
  },
  stock_event: {
    id: notPersonal('a serial number'),
    device_id: notPersonal('the device'),
    created_at: WHEN,
    action: notPersonal('what happened to the device'),
    actor: notPersonal('staff, a manager or the system'),
    actor_user_id: STAFF,
    actor_name: STAFF_NAME,
    from_state: notPersonal('where it was'),
    to_state: notPersonal('where it went'),
    location: notPersonal('a shelf or bin in the warehouse'),
    counterparty: notPersonal('the business it was sold or sent to'),
    price_pence: notPersonal('what the business sold it for'),
    waste_note: notPersonal('the waste transfer note’s number, the recycling facility’s'),
    note: notPersonal('staff’s note about the device'),
  },
  device_erasure: {
    id: notPersonal('a random id'),
    device_id: notPersonal('the device'),
    source: notPersonal('typed by staff, or read from the tool’s report'),
    report_id: TOOL,
    tool: TOOL,
    tool_version: TOOL,
    operator: notPersonal('who ran the erasure, as the tool names them: a member of staff'),
    erased_at: TOOL,
    media_type: TOOL,
    level: TOOL,
    technique: TOOL,
    verification: TOOL,
    result: TOOL,
    report_sha256: notPersonal('the fingerprint of the report as received'),
    recorded_by: STAFF,
    recorded_by_name: STAFF_NAME,
    created_at: notPersonal('when it was recorded'),
    certificate_code: notPersonal('the certificate’s random number: its page shows the device, never the seller'),
  },
  collection_device: {
    id: notPersonal('a random id'),
    request_id: notPersonal('the collection it came with: the business’s contact details stay on the request'),
    position: notPersonal('its place in the collection’s list'),
    make: notPersonal('a business’s device: its make'),
    model: notPersonal('a business’s device: its model'),
    imei: notPersonal('a business’s device: its IMEI or serial, printed on the collection’s certificate'),
    created_at: notPersonal('when staff recorded it'),
    value_pence: notPersonal('what we quoted the business for its device'),
    recycle: notPersonal('that the device will be recycled, not paid for'),
    grade_key: notPersonal('the catalogue grade staff gave the business’s device'),
    grade_name: notPersonal('that grade’s name, as the quote and the report said it'),
  },
  collection_quote_event: {
    id: notPersonal('a serial number'),
    request_id: notPersonal('the collection it belongs to: the business’s contact details stay on the request'),
    device_id: notPersonal('the device valued, or none for the quote sent'),
    at: WHEN,
    actor_user_id: STAFF,
    actor_name: STAFF_NAME,
    value_pence: notPersonal('the device’s value, or the quote’s total'),
    recycle: notPersonal('that the device will be recycled'),
    grade_key: notPersonal('the grade given with the value'),
    grade_name: notPersonal('that grade’s name'),
  },
  collection_document: {
    id: notPersonal('a random id'),
    request_id: notPersonal('the collection it was issued for'),
    kind: notPersonal('the certificate, the waste transfer note or the itemised report'),
    number: notPersonal('the document’s random number'),
    issued_at: WHEN,
    issued_by: STAFF,
    issued_by_name: STAFF_NAME,
  },
  record_export: {
    id: notPersonal('a random id'),
    kind: notPersonal('the purchase register or the stock book'),
    made_at: WHEN,
    made_by: STAFF,
    made_by_name: STAFF_NAME,
    from_day: notPersonal('the first day the export covered'),
    to_day: notPersonal('the last day the export covered'),
    device_code: notPersonal(
      'the IMEI or serial the police asked about: the seller is named only in the file, never kept here',
    ),
    reason: notPersonal('the police reference or why the manager exported: about the request, not a seller'),
    row_count: notPersonal('how many devices the export held'),
  },
}

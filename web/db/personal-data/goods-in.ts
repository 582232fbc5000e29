/**
 * Goods-in's columns: staff scanning sessions and the parcels that matched no order. Nothing here
 * belongs to a seller's account (a parcel joined to an order is received there, with its event),
 * so neither the download nor deletion reaches it; staff names are kept as order events keep them.
 */
import { notPersonal, type ColumnUse } from './column-use'

const PARCEL = 'a parcel that matched no order: tied to no seller’s account until staff join or return it'

export const goodsInColumns: Record<string, Record<string, ColumnUse>> = {
  goods_in_session: {
    id: notPersonal('a random id'),
    staff_user_id: notPersonal("the member of staff scanning: their account, not a seller's"),
    created_at: notPersonal('when it started'),
  },
  goods_in_scan: {
    id: notPersonal('a serial number'),
    session_id: notPersonal('the session it was scanned in'),
    scan_key: notPersonal('the form’s random key, so a double post is one scan'),
    staff_user_id: notPersonal("the member of staff scanning: their account, not a seller's"),
    code: notPersonal('what the label’s barcode carries: an order reference, or a code that matched none'),
    result: notPersonal('what the scan did'),
    order_id: notPersonal('the order it took in: its receive event is in the order’s history'),
    parcel_id: notPersonal('the unmatched parcel it queued'),
    received_at: notPersonal('when the order was taken in, as the scan said'),
    received_by: notPersonal("the staff member's name who took it in, as the scan said"),
    created_at: notPersonal('when'),
  },
  unmatched_parcel: {
    id: notPersonal('a random id'),
    code: notPersonal(PARCEL),
    code_key: notPersonal(PARCEL),
    state: notPersonal('open, joined or returned'),
    note: notPersonal(PARCEL),
    photo: notPersonal(PARCEL),
    photo_type: notPersonal(PARCEL),
    photo_width: notPersonal(PARCEL),
    photo_height: notPersonal(PARCEL),
    created_by: notPersonal("the member of staff who queued it: their account, not a seller's"),
    created_by_name: notPersonal("the staff member's name as they queued it"),
    created_at: notPersonal('when'),
    closed_by: notPersonal("the member of staff who joined or returned it: their account, not a seller's"),
    closed_by_name: notPersonal("the staff member's name as they closed it"),
    closed_at: notPersonal('when'),
    closed_note: notPersonal(PARCEL),
    order_id: notPersonal('the order it was joined to: the join is in the order’s history'),
  },
  unmatched_parcel_event: {
    id: notPersonal('a serial number'),
    parcel_id: notPersonal('the parcel'),
    action: notPersonal('what happened'),
    actor_user_id: notPersonal("the member of staff: their account, not a seller's"),
    actor_name: notPersonal("the staff member's name as they acted"),
    note: notPersonal(PARCEL),
    created_at: notPersonal('when'),
  },
}

import type { ContactInboxCopy } from '@/content/types'
import type { CollectionDeviceView } from '@/collections/devices-store'
import { fillTemplate } from '@/lib/templates'
import { AddDeviceForm, AddDeviceListForm } from './collection-device-forms'
import { deviceValueText } from './collection-quote'

type Props = {
  id: string
  copy: ContactInboxCopy['collections']
  devices: CollectionDeviceView[]
  /** Devices may be added: the collection is collected and its certificate not issued. */
  open: boolean
}

/** A collection's devices as an order of many: each with its stock number and erasure, and the forms that add them. */
export function CollectionDevices({ id, copy, devices, open }: Props) {
  const erased = devices.filter((device) => device.erasure === 'passed').length
  const erasure = { passed: copy.erasurePassed, failed: copy.erasureFailed }
  return (
    <section aria-labelledby="collection-devices" className="admin-section">
      <h2 id="collection-devices">{copy.devicesHeading}</h2>
      {devices.length ? (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{copy.positionColumn}</th>
                  <th scope="col">{copy.deviceColumn}</th>
                  <th scope="col">{copy.imeiColumn}</th>
                  <th scope="col">{copy.stockColumn}</th>
                  <th scope="col">{copy.erasureColumn}</th>
                  <th scope="col">{copy.gradeColumn}</th>
                  <th scope="col">{copy.valueColumn}</th>
                </tr>
              </thead>
              <tbody>
                {devices.map((device) => (
                  <tr key={device.position}>
                    <td>{device.position}</td>
                    <td>{`${device.make} ${device.model}`}</td>
                    <td className="admin-code">{device.imei}</td>
                    <th scope="row">
                      <a className="admin-reference" href={`/admin/stock/${device.number}`}>
                        {device.stockNumber}
                      </a>
                    </th>
                    <td>{device.erasure ? erasure[device.erasure] : copy.erasureNone}</td>
                    <td>{device.gradeName ?? copy.gradeNone}</td>
                    <td data-value={device.position}>{deviceValueText(copy, device)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p data-erased={erased}>{fillTemplate(copy.erasedCount, { erased, count: devices.length })}</p>
        </>
      ) : (
        <p>{copy.devicesEmpty}</p>
      )}
      {open ? (
        <>
          <AddDeviceListForm id={id} copy={copy} />
          <AddDeviceForm id={id} copy={copy} />
        </>
      ) : null}
    </section>
  )
}

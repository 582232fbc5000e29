import type { OrderCopy } from '@/content/types'
import type { PersonToday } from '@/orders/claims/people-today'

type Props = { text: OrderCopy['claims']; people: PersonToday[] }

/** The dashboard's table of what each member of staff received, checked and returned today. */
export function PeopleToday({ text, people }: Props) {
  return (
    <section aria-labelledby="people-today" className="admin-section">
      <h2 id="people-today">{text.todayHeading}</h2>
      {people.length ? (
        <div className="admin-scroll" tabIndex={0} role="group" aria-labelledby="people-today">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{text.personColumn}</th>
                <th scope="col" className="admin-table__number">
                  {text.receivedColumn}
                </th>
                <th scope="col" className="admin-table__number">
                  {text.checkedColumn}
                </th>
                <th scope="col" className="admin-table__number">
                  {text.returnedColumn}
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.userId} data-person={person.userId}>
                  <th scope="row">{person.name || text.someone}</th>
                  <td className="admin-table__number">{person.received}</td>
                  <td className="admin-table__number">{person.checked}</td>
                  <td className="admin-table__number">{person.returned}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">{text.todayNone}</p>
      )}
    </section>
  )
}

import type { OrderCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import type { AccountOrder } from '@/accounts/store'
import '@/styles/account.css'
import { changePassword, resendVerification } from '@/accounts/password-actions'
import { signOut } from '@/accounts/sign-in-actions'
import { deleteAccount } from '@/your-data/delete-account'
import { ButtonForm } from '../forms/button-form'
import { AccountForm } from './account-form'
import { accountFields, sharedFormProps } from './form-props'
import { Notice } from './notice'
import type { PanelProps } from './panel-props'

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
})

/** The signed-in seller's page: details, orders, password, signing out, and their data rights. */
export function ProfilePanel(
  props: PanelProps & { orderCopy: OrderCopy; orders: Array<AccountOrder & { href: string }> },
) {
  const { copy, query, visitor, orderCopy, orders } = props
  if (!visitor) return null
  const { user } = visitor
  const text = copy.profile
  const statusLabel = (key: string) => orderCopy.statuses.find((status) => status.key === key)?.name ?? key
  const notices: Record<string, string> = {
    passwordChanged: text.passwordChanged,
    resent: text.resent,
    verified: copy.forms.verified,
  }
  const fields = accountFields(copy)
  const shared = sharedFormProps(props)

  return (
    <div className="profile">
      <Notice text={query.notice ? notices[query.notice] : null} />

      <section className="profile__part" aria-labelledby="profile-details">
        <h2 id="profile-details">{text.detailsHeading}</h2>
        <dl className="profile__details">
          <dt>{copy.fields.name}</dt>
          <dd>{user.name}</dd>
          <dt>{copy.fields.email}</dt>
          <dd>
            {user.email} {user.emailVerified ? <span className="profile__badge">{text.verifiedLabel}</span> : null}
          </dd>
        </dl>
        {user.emailVerified ? null : (
          <ButtonForm action={resendVerification} className="profile__inline-form" submitLabel={text.resendButton}>
            <p>{text.unverified}</p>
          </ButtonForm>
        )}
      </section>

      <section className="profile__part" aria-labelledby="profile-orders">
        <h2 id="profile-orders">{text.ordersHeading}</h2>
        {!user.emailVerified ? (
          <p>{text.ordersUnverified}</p>
        ) : orders.length === 0 ? (
          <p>{text.ordersEmpty}</p>
        ) : (
          <div className="table-scroll">
            <table className="orders-table">
              <thead>
                <tr>
                  <th scope="col">{text.referenceLabel}</th>
                  <th scope="col">{text.placedLabel}</th>
                  <th scope="col">{text.statusLabel}</th>
                  <th scope="col">{text.totalLabel}</th>
                  <th scope="col">
                    <span className="visually-hidden">{orderCopy.details.viewOrder}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.reference}>
                    <th scope="row">{order.reference}</th>
                    <td>{DATE.format(order.placedAt)}</td>
                    <td>{statusLabel(order.status)}</td>
                    <td>{formatPence(order.totalPence)}</td>
                    <td>
                      <a href={order.href}>{orderCopy.details.viewOrder}</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="profile__part" aria-labelledby="profile-password">
        <h2 id="profile-password">{text.passwordHeading}</h2>
        <AccountForm
          {...shared}
          action={changePassword}
          rules="changePassword"
          fields={[fields.currentPassword, fields.newPassword]}
          submitLabel={text.passwordButton}
        />
      </section>

      <section className="profile__part" aria-labelledby="profile-sessions">
        <h2 id="profile-sessions">{text.sessionsHeading}</h2>
        <ButtonForm action={signOut} className="profile__inline-form" submitLabel={text.signOutButton} />
        <ButtonForm
          action={signOut}
          hidden={{ everywhere: 'true' }}
          className="profile__inline-form"
          submitLabel={text.signOutEverywhereButton}
        >
          <p>{text.signOutEverywhereHelp}</p>
        </ButtonForm>
      </section>

      <section className="profile__part" aria-labelledby="profile-data">
        <h2 id="profile-data">{text.dataHeading}</h2>
        <p>{text.dataText}</p>
        <a className="button button--secondary" href="/api/account/data" download>
          {text.dataButton}
        </a>
      </section>

      <section className="profile__part profile__part--danger" aria-labelledby="profile-delete">
        <h2 id="profile-delete">{text.deleteHeading}</h2>
        <p>{text.deleteText}</p>
        <p>{text.deleteKept}</p>
        <AccountForm
          {...shared}
          action={deleteAccount}
          rules="delete"
          fields={[fields.currentPassword, { name: 'confirm', label: text.deleteConfirm, type: 'checkbox' }]}
          submitLabel={text.deleteButton}
          submitClass="button button--danger"
        />
      </section>
    </div>
  )
}

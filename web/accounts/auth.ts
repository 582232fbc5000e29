import 'server-only'
import { getDb } from '@/db/connection'
import { sendAccountMail } from './mail'
import { createAuth, type Auth } from './create-auth'

const AUTH = '__handbackAuth'
type Memo = { [AUTH]?: Promise<Auth> }

/** The app's auth, made on first use over the app's database. */
export function getAuth(): Promise<Auth> {
  const memo = globalThis as typeof globalThis & Memo
  let making = memo[AUTH]
  if (!making) {
    making = getDb().then((db) => createAuth(db, sendAccountMail))
    memo[AUTH] = making
    making.catch(() => {
      if (memo[AUTH] === making) delete memo[AUTH]
    })
  }
  return making
}

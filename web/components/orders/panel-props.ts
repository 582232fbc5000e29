import type { SignedIn } from '@/accounts/session'
import type { OrderCopy } from '@/content/types'

/** What every order panel is drawn from: the words, the page's query and who is signed in. */
export type OrderPanelProps = { copy: OrderCopy; query: Record<string, string>; visitor: SignedIn | null }

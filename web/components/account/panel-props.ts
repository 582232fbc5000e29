import type { SignedIn } from '@/accounts/session'
import type { AccountCopy } from '@/content/types'

/** What every account panel is drawn from: the words, the page's query and who is signed in. */
export type PanelProps = { copy: AccountCopy; query: Record<string, string>; visitor: SignedIn | null }

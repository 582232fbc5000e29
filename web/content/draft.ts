import { draftMode } from 'next/headers'

/** Whether this request is an editor's draft preview. False outside a request (builds, tests). */
export async function isDraftMode(): Promise<boolean> {
  try {
    return (await draftMode()).isEnabled
  } catch {
    return false
  }
}

import { wasteNoteContent } from '@/collections/paperwork/paperwork-content'
import { wasteNoteByNumber } from '@/collections/paperwork/paperwork-store'
import { privatePaperworkRoute } from '@/collections/paperwork/private-pdf-route'
import { readWasteNoteToken } from '@/collections/paperwork/waste-note-link'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'

export const dynamic = 'force-dynamic'

/** A collection's waste transfer note as a PDF: it carries the business's address, so it is private. */
export const GET = privatePaperworkRoute({
  readToken: (key, number) => readWasteNoteToken(key, number),
  content: async (number, settings) => {
    const [facts, words] = await Promise.all([
      wasteNoteByNumber(await getDb(), number),
      getOrderCopy().then((copy) => copy.wasteNote),
    ])
    return facts ? wasteNoteContent(facts, words, settings) : null
  },
  filename: 'waste-transfer-note',
})

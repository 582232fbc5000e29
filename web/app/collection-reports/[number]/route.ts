import { collectionReportContent } from '@/collections/paperwork/report-content'
import { readReportToken } from '@/collections/paperwork/report-link'
import { collectionReportByNumber } from '@/collections/paperwork/report-store'
import { privatePaperworkRoute } from '@/collections/paperwork/private-pdf-route'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'

export const dynamic = 'force-dynamic'

/** A collection's itemised report as a PDF: it says what each device was worth, so it is private. */
export const GET = privatePaperworkRoute({
  readToken: (key, number) => readReportToken(key, number),
  content: async (number) => {
    const [facts, words] = await Promise.all([
      collectionReportByNumber(await getDb(), number),
      getOrderCopy().then((copy) => copy.collectionReport),
    ])
    return facts ? collectionReportContent(facts, words) : null
  },
  filename: 'itemised-report',
})

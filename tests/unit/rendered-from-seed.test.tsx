import { renderToStaticMarkup } from 'react-dom/server'
import { SiteFooter } from '@/components/footer/site-footer'
import { RatingStrip } from '@/components/layout/rating-strip'
import { ErrorView } from '@/components/layout/error-view'
import { getErrorPages, getFooter, getSiteSettings } from '@/content/loaders'
import { copySeed, type Doc } from '../support/seed-copy'

// Components rendered from what the loaders read: change the seed, and the markup follows.
async function renderWithSeed(edit?: (docs: Doc[]) => Doc[]) {
  process.env.SEED_DATASET_PATH = copySeed(edit)
  const [settings, footer, errorPages] = await Promise.all([getSiteSettings(), getFooter(), getErrorPages()])
  return {
    strip: renderToStaticMarkup(<RatingStrip rating={settings.reviewRating} />),
    footer: renderToStaticMarkup(<SiteFooter footer={footer} settings={settings} year={2026} />),
    notFound: renderToStaticMarkup(<ErrorView copy={errorPages.notFound} />),
  }
}

const editSettings = (change: (settings: Doc) => Doc) => (docs: Doc[]) =>
  docs.map((doc) => (doc._id === 'siteSettings' ? change(doc) : doc))

afterEach(() => {
  delete process.env.SEED_DATASET_PATH
})

describe('pages rendered from the seed', () => {
  it('show the spec’s defaults', async () => {
    const { strip, footer, notFound } = await renderWithSeed()
    expect(strip).toContain('aria-label="Rated 4 out of 5"')
    expect(strip).toContain('1,770 reviews')
    expect(footer).toContain('href="tel:02079460123"')
    expect(footer).toContain('href="mailto:hello@example.co.uk"')
    expect(footer).toContain('10am to 5pm, Monday to Friday')
    expect(footer).toContain('Fast Day Same Payment')
    expect(footer).toContain('© 2026 Handback. All rights reserved.')
    expect(notFound).toContain('PAGE NOT FOUND')
    expect(notFound).toContain('There is no page matching url exists on our website.')
  })

  it('give both error pages the one text and button the content holds', async () => {
    process.env.SEED_DATASET_PATH = copySeed((docs) =>
      docs.map((doc) => (doc._id === 'errorPages' ? { ...doc, text: 'Nothing lives at this address.' } : doc)),
    )
    const { notFound, serverError } = await getErrorPages()
    expect(notFound.text).toBe('Nothing lives at this address.')
    expect(serverError.text).toBe('Nothing lives at this address.')
    expect(serverError.button).toEqual(notFound.button)
  })

  it('still read error pages written before the text and button were shared (each page its own)', async () => {
    process.env.SEED_DATASET_PATH = copySeed((docs) =>
      docs.map((doc) => {
        if (doc._id !== 'errorPages') return doc
        const { button, notFound, serverError, ...rest } = doc as Doc & Record<string, object>
        delete rest.text
        return {
          ...rest,
          notFound: { ...notFound, text: 'Not here.', button },
          serverError: { ...serverError, text: 'Our fault.', button },
        }
      }),
    )
    const pages = await getErrorPages()
    expect([pages.notFound.text, pages.serverError.text]).toEqual(['Not here.', 'Our fault.'])
    expect(pages.notFound.button.href).toBe('/')
  })

  it('follow a change to the review count and score', async () => {
    const { strip, footer } = await renderWithSeed(
      editSettings((s) => ({
        ...s,
        reviewRating: { ...(s.reviewRating as object), score: 4.5, reviewCount: 2010, countText: '2,010 reviews' },
      })),
    )
    expect(strip).toContain('2,010 reviews')
    expect(strip).toContain('aria-label="Rated 4.5 out of 5"')
    expect(strip).not.toContain('1,770')
    expect(footer).toContain('2,010 reviews')
  })

  it('follow a change to the opening hours and contact number', async () => {
    const { footer } = await renderWithSeed(
      editSettings((s) => ({
        ...s,
        contactPhone: '020 7946 0999',
        openingHours: {
          template: '{fromDay}–{toDay}: {opens}–{closes}',
          periods: [
            {
              _key: 'w',
              _type: 'openingPeriod',
              fromDay: 'Monday',
              toDay: 'Saturday',
              opens: '09:30',
              closes: '18:00',
            },
          ],
        },
      })),
    )
    expect(footer).toContain('href="tel:02079460999"')
    expect(footer).toContain('Monday–Saturday: 9:30am–6pm')
  })

  it('hide the mobile rating strip when editors turn it off', async () => {
    const { strip } = await renderWithSeed(
      editSettings((s) => ({ ...s, reviewRating: { ...(s.reviewRating as object), showMobileStrip: false } })),
    )
    expect(strip).toBe('')
  })

  it('fail with the document’s name when a required singleton is missing', async () => {
    process.env.SEED_DATASET_PATH = copySeed((docs) => docs.filter((doc) => doc._id !== 'footer'))
    await expect(getFooter()).rejects.toThrow(/Footer document \(id "footer"\)/)
  })
})

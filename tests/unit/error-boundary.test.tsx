import { renderToStaticMarkup } from 'react-dom/server'
import ErrorPage from '@/app/error'
import { ErrorCopyProvider } from '@/components/layout/error-copy'
import { getErrorPages } from '@/content/loaders'
import { copySeed } from '../support/seed-copy'

describe('the error page for anything but a 404', () => {
  it('shows the editor’s other-error copy, as the spec spells it', async () => {
    process.env.SEED_DATASET_PATH = copySeed()
    const { serverError } = await getErrorPages()
    delete process.env.SEED_DATASET_PATH
    const html = renderToStaticMarkup(
      <ErrorCopyProvider copy={serverError}>
        <ErrorPage />
      </ErrorCopyProvider>,
    )
    expect(html).toContain('Sever Unreachable')
    expect(html).toContain('505')
    expect(html).toContain('There is no page matching url exists on our website.')
    expect(html).toContain('href="/"')
    expect(html).toContain('Back To Home')
  })
})

// The framework floor for `npm run bench`: the smallest App Router page the same Next and React
// can serve. Whatever it costs (JavaScript, blocking time, requests per second) no page of the
// site can go under, so the bench prints it beside the site's own figures.
export const metadata = { title: 'Floor', description: 'An empty App Router page.' }

export default function RootLayout({ children }) {
  return (
    <html lang="en-GB">
      <body>{children}</body>
    </html>
  )
}

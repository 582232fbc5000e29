export default function Page() {
  return (
    <main>
      <h1>Sell your phone for cash</h1>
      <p>Choose your model, tell us its condition and see your price in under a minute.</p>
    </main>
  )
}

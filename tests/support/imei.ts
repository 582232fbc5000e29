/** Valid IMEIs for tests: fourteen digits from `seed` and their Luhn check digit. */
export function imeiFrom(seed: number): string {
  const body = `35693803${String(seed).padStart(6, '0')}`
  let sum = 0
  for (let index = 0; index < 14; index++) {
    let digit = Number(body[13 - index])
    if (index % 2 === 0) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return `${body}${(10 - (sum % 10)) % 10}`
}

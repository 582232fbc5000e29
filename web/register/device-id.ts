/**
 * What identifies a device to the stolen-device register: its IMEI (a phone, or a tablet with a
 * SIM) or, for a device without one (a Wi-Fi tablet), its serial number. Pure: the staff form runs
 * it in the browser too.
 */

/** Fifteen digits whose last is the Luhn check digit of the other fourteen, as every IMEI's is. */
export function isImei(value: string): boolean {
  if (!/^\d{15}$/.test(value)) return false
  let sum = 0
  for (let index = 0; index < 15; index++) {
    let digit = Number(value[14 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * A manufacturer's serial number: 8 to 14 letters and digits with at least one letter (Apple's are
 * 10 or 12, Samsung's 11). All digits is an IMEI typed wrong, never a serial; 15 and more is too.
 */
export function isSerial(value: string): boolean {
  return /^[A-Z0-9]{8,14}$/.test(value) && /[A-Z]/.test(value)
}

/** As typed (in groups, with spaces or dashes, in either case), as the register is asked: "35 693803 564380 9" → "356938035643809". */
export function normaliseDeviceId(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase()
}

/** An IMEI with its check digit, or a serial number, already normalised. */
export function isDeviceId(value: string): boolean {
  return isImei(value) || isSerial(value)
}

/**
 * The devices the local stand-in knows: these fail or caution, as documented in docs/operators.md
 * (the stolen-device register). Every other valid IMEI or serial passes.
 */
export const FAILING_DEVICES: Readonly<Record<string, string>> = {
  '354000000000010': 'reported stolen',
  '354000000000028': 'blocked by a network',
  STOLEN0001: 'reported stolen',
}

export const CAUTION_DEVICES: Readonly<Record<string, string>> = {
  '354000000000036': 'under a finance agreement',
  CAUTION001: 'under a finance agreement',
}

/** The register's colour for a device: red fails, amber is a caution, green passes. */
export function colourOf(deviceId: string): 'green' | 'amber' | 'red' {
  if (deviceId in FAILING_DEVICES) return 'red'
  if (deviceId in CAUTION_DEVICES) return 'amber'
  return 'green'
}

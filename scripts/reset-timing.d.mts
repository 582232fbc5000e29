type Spread = { median: number; p95: number }

export declare const RESET_TIMING_LIMIT_MS: number
export declare function measureResetTiming(options: {
  origin: string
  rounds?: number
  known?: string
  warmUp?: number
}): Promise<{ known: Spread; unknown: Spread; gap: Spread }>

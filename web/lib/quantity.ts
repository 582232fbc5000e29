/** Cart quantities move by one and never drop below zero. */
export function stepQuantity(current: number, step: 1 | -1): number {
  return Math.max(0, current + step)
}

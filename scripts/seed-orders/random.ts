// A seeded random source (mulberry32), so `npm run seed:orders -- N --seed S` makes the same shop twice.
export type Random = {
  next: () => number
  int: (min: number, max: number) => number
  pick: <T>(list: readonly T[]) => T
  chance: (probability: number) => boolean
  /** One of `weights`' keys, each as likely as its weight. */
  weighted: <K extends string>(weights: Record<K, number>) => K
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (probability) => next() < probability,
    weighted: (weights) => {
      const entries = Object.entries(weights) as Array<[keyof typeof weights, number]>
      let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0)
      for (const [key, weight] of entries) {
        roll -= weight
        if (roll < 0) return key
      }
      return entries.at(-1)![0]
    },
  }
}

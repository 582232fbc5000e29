/** 128 → "128GB", 1024 → "1TB": the way phones are sold in the UK. */
export function formatStorage(gb: number): string {
  return gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024}TB` : `${gb}GB`
}

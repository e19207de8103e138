/**
 * A sum of floating-point numbers that does not depend on their order: the exact sum is kept as a few
 * non-overlapping partials (Shewchuk's algorithm, as Python's `math.fsum`) and rounded once when read.
 * Adding `-x` takes an `x` added before out exactly. The status line keeps a session's cost this way, so that
 * a stored total with the appended requests added (and a request that grew taken out and put back) equals,
 * to the last bit, the total of the same requests summed afresh.
 */
export class ExactSum {
  readonly #partials: number[];

  /** A sum that starts from `partials` (another sum's {@link partials}), or from zero. */
  constructor(partials: readonly number[] = []) {
    this.#partials = partials.filter((p) => Number.isFinite(p) && p !== 0);
  }

  add(value: number): this {
    const partials = this.#partials;
    let x = value;
    let kept = 0;
    for (const partial of partials) {
      let y = partial;
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const high = x + y;
      const low = y - (high - x);
      if (low !== 0) partials[kept++] = low;
      x = high;
    }
    partials.length = kept;
    partials.push(x);
    return this;
  }

  /** The exact sum rounded to the nearest number (ties to even). */
  value(): number {
    const partials = this.#partials;
    let n = partials.length;
    if (n === 0) return 0;
    n -= 1;
    let high = partials[n] as number;
    let low = 0;
    while (n > 0) {
      const x = high;
      const y = partials[--n] as number;
      high = x + y;
      low = y - (high - x);
      if (low !== 0) break;
    }
    // Half-way cases: the partials below decide which way the rounding of `high + low` goes.
    const below = n > 0 ? (partials[n - 1] as number) : 0;
    if ((low < 0 && below < 0) || (low > 0 && below > 0)) {
      const twice = low * 2;
      const rounded = high + twice;
      if (twice === rounded - high) high = rounded;
    }
    return high;
  }

  /** The partials, smallest first: with `new ExactSum(partials)` the same sum again (they are plain numbers). */
  partials(): number[] {
    return [...this.#partials];
  }
}

/**
 * A sum of floating-point numbers that does not depend on their order: the exact sum is kept as a few
 * non-overlapping partials (Shewchuk's algorithm, as Python's `math.fsum`) and rounded once when read.
 * Adding `-x` takes an `x` added before out exactly. The status line keeps a session's cost this way, so that
 * a stored total with the appended requests added (and a request that grew taken out and put back) equals,
 * to the last bit, the total of the same requests summed afresh.
 *
 * Values that are not finite sum as IEEE 754 sums them, whatever the order: an infinity wins over finite
 * values, NaN over everything, and infinities of both signs give NaN. A sum whose partials would pass the
 * largest number (about 1.8e308, `fsum` raises there) takes the infinity of that addition's sign instead: from
 * then on it is not exact, and may depend on the order when later values would have brought it back in range.
 */
export class ExactSum {
  readonly #partials: number[];
  /** The sum of the values that were not finite, and of the infinities overflows gave; undefined without any. */
  #special: number | undefined;
  /** At least the sum of the finite values' magnitudes: below {@link safeBound} no partial can overflow. */
  #bound = 0;

  /** A sum that starts from `partials` (another sum's {@link partials}), or from zero. */
  constructor(partials: readonly number[] = []) {
    this.#partials = [];
    for (const p of partials) {
      if (!Number.isFinite(p)) this.#special = (this.#special ?? 0) + p;
      else if (p !== 0) {
        this.#partials.push(p);
        this.#bound += Math.abs(p);
      }
    }
  }

  add(value: number): this {
    // (Zero changes no sum; skipping it also keeps a sum of negative zeros at zero.)
    if (value === 0) return this;
    if (!Number.isFinite(value)) {
      this.#special = (this.#special ?? 0) + value;
      return this;
    }
    this.#bound += Math.abs(value);
    // Whole numbers whose sum is whole and safe add exactly as they are (token counts: the common case).
    const partials = this.#partials;
    if (partials.length <= 1 && Number.isSafeInteger(value)) {
      const sum = (partials[0] ?? 0) + value;
      if (Number.isSafeInteger(sum) && Number.isSafeInteger(partials[0] ?? 0)) {
        partials[0] = sum;
        return this;
      }
    }
    if (this.#bound < safeBound) {
      addInto(partials, value);
      return this;
    }
    // Near the end of the range: added to a copy, kept only when no partial overflowed.
    const copy = [...partials];
    const top = addInto(copy, value);
    if (Number.isFinite(top)) {
      partials.length = 0;
      partials.push(...copy);
    } else this.#special = (this.#special ?? 0) + top;
    return this;
  }

  /** The exact sum rounded to the nearest number (ties to even); see the class comment for infinities. */
  value(): number {
    if (this.#special !== undefined) return this.#special;
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

  /**
   * The partials, smallest first: with `new ExactSum(partials)` the same sum again. They are finite numbers,
   * but for a sum that is not finite (see the class comment), whose last "partial" is NaN or an infinity.
   */
  partials(): number[] {
    return this.#special === undefined ? [...this.#partials] : [...this.#partials, this.#special];
  }
}

/** Below this sum of magnitudes, adding two partials cannot overflow. */
const safeBound = 2 ** 1023;

/** Adds `value` into non-overlapping `partials` (Shewchuk's step); returns the new largest partial. */
function addInto(partials: number[], value: number): number {
  let x = value;
  let kept = 0;
  for (const partial of partials) {
    let y = partial;
    if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
    const high = x + y;
    if (!Number.isFinite(high)) return high;
    const low = y - (high - x);
    if (low !== 0) partials[kept++] = low;
    x = high;
  }
  partials.length = kept;
  partials.push(x);
  return x;
}

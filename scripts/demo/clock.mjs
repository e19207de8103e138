// Session clocks: fixed start times, seeded gaps.

/** A clock that only moves forward; timestamps are ISO-8601 UTC with milliseconds. */
export function createClock(startIso, random) {
  let ms = Date.parse(startIso);
  return {
    get ms() {
      return ms;
    },
    now: () => new Date(ms).toISOString(),
    tick(min, max = min) {
      ms += random.int(min, max);
      return new Date(ms).toISOString();
    },
    set(iso) {
      ms = Math.max(ms, Date.parse(iso));
    },
  };
}

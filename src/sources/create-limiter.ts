/** Runs async tasks with at most a fixed number in flight. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** Default number of file-system calls in flight during a discovery. */
export const defaultConcurrency = 32;

/** A limiter allowing `max` tasks at once; a finished task hands its slot straight to the next waiter. */
export function createLimiter(max: number = defaultConcurrency): Limiter {
  if (!Number.isInteger(max) || max < 1)
    throw new RangeError(`Concurrency must be a positive integer, got '${max}'`);
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return async (task) => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}

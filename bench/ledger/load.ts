// A closed-loop load: `callers` loops, each starting its next operation when the last one answered,
// until the time is up (or `maxOps` operations were started). Shared by bench/ledger and bench/site.
import { performance } from 'node:perf_hooks';
import { percentile } from '../support/report';

export interface LoadResult {
  /** Operations that finished without throwing. */
  count: number;
  /** Operations that threw (not in `latencies`). */
  errors: number;
  firstError: string | null;
  /** Wall-clock seconds from the first start to the last answer. */
  seconds: number;
  /** Milliseconds per successful operation, from its call to its answer. */
  latencies: number[];
}

export interface LoadOptions {
  callers: number;
  seconds: number;
  /** Stop starting new operations after this many (e.g. when the fixture runs out). */
  maxOps?: number;
  /** One operation of `caller`; `index` counts that caller's operations from 0. */
  op(caller: number, index: number): Promise<unknown>;
}

export async function closedLoop(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let started = 0;
  const start = performance.now();
  const deadline = start + options.seconds * 1000;
  const maxOps = options.maxOps ?? Number.POSITIVE_INFINITY;

  async function loop(caller: number): Promise<void> {
    for (let index = 0; performance.now() < deadline && started < maxOps; index += 1) {
      started += 1;
      const t0 = performance.now();
      try {
        await options.op(caller, index);
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  }

  await Promise.all(Array.from({ length: options.callers }, (_, caller) => loop(caller)));
  const seconds = (performance.now() - start) / 1000;
  return { count: latencies.length, errors, firstError, seconds, latencies };
}

/** Operations per second, p50 and p99 (ms) of a load, or nulls when nothing succeeded. */
export function summary(result: LoadResult): {
  rate: number | null;
  p50: number | null;
  p99: number | null;
} {
  return {
    rate: result.count > 0 ? result.count / result.seconds : null,
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
  };
}

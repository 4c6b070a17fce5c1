/**
 * `work`, or a rejection when it has not settled within `ms`.
 *
 * A process starved of CPU (a loaded machine, a long GC) runs its expired timers before it reads the sockets that
 * became readable meanwhile, so a plain timer would blame a dependency that answered in time. Here the timer only
 * schedules the rejection for after the next I/O poll (setImmediate): an answer already waiting still wins, and a
 * busy process is not taken for a dead Redis or Postgres. The timer never holds the process open.
 */
export async function withDeadline<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let late: NodeJS.Immediate | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      late = setImmediate(() => reject(new Error(`no answer within ${ms} ms`)));
    }, ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
    if (late) clearImmediate(late);
  }
}

// One room's handlers run one at a time, in arrival order: a failed task is logged and the queue
// goes on.
export class TaskQueue {
  private queue: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch((error: unknown) => {
      console.error('room server task failed', error);
    });
    return run;
  }
}

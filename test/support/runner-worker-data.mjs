// jest-light-runner (0.8.2) starts each child process by asking the parent for the run's settings
// ('jest-light-runner-get-worker-data'). The parent answers every child it has handed a file to and forgets them, so
// a child that has not asked yet gets the answer before it listens for it, drops it, then asks and is never answered:
// its first file never ends and the run hangs (seen about one run in five with two files starting together). A child
// here keeps an answer that comes early and hands it over when it asks.

export const ASK = 'jest-light-runner-get-worker-data';
export const ANSWER = 'jest-light-runner-worker-data';

/** @param {NodeJS.Process} child a runner's child process (any process with an IPC channel); others are left alone */
export function keepEarlyWorkerData(child) {
  if (typeof child.send !== 'function' || child.env.TINYPOOL_WORKER_ID === undefined) return;
  let early;
  const keep = (message) => {
    if (message?.type === ANSWER) early = message;
  };
  child.on('message', keep);
  const send = child.send.bind(child);
  child.send = (message, ...rest) => {
    if (message !== ASK) return send(message, ...rest);
    child.off('message', keep);
    if (early === undefined) return send(message, ...rest);
    process.nextTick(() => child.emit('message', early));
    return true;
  };
}

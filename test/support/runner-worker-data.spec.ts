import { EventEmitter } from 'node:events';
import { ANSWER, ASK, keepEarlyWorkerData } from './runner-worker-data.mjs';

// A runner's child as the runner sees it: messages in, `send` out.
function child(env: Record<string, string> = { TINYPOOL_WORKER_ID: '1' }) {
  const sent: unknown[] = [];
  const emitter = Object.assign(new EventEmitter(), { env, send: (message: unknown) => sent.push(message) > 0 });
  keepEarlyWorkerData(emitter as unknown as NodeJS.Process);
  return { process: emitter, sent };
}

// How jest-light-runner's worker asks: it listens, then sends the question.
function ask(process: EventEmitter & { send: (message: unknown) => boolean }): Promise<unknown> {
  return new Promise((resolve) => {
    process.on('message', (message: { type?: string }) => message?.type === ANSWER && resolve(message));
    process.send(ASK);
  });
}

describe('the runner start-up answer (runner-worker-data.mjs)', () => {
  it('hands over an answer that came before the child asked, without asking the parent again', async () => {
    const { process, sent } = child();
    const answer = { type: ANSWER, workerData: { runtime: 'child_process' } };
    process.emit('message', answer);
    await expect(ask(process)).resolves.toBe(answer);
    expect(sent).toEqual([]);
  });

  it('asks the parent when no answer came early, and lets a late answer through', async () => {
    const { process, sent } = child();
    const answered = ask(process);
    expect(sent).toEqual([ASK]);
    const answer = { type: ANSWER, workerData: {} };
    process.emit('message', answer);
    await expect(answered).resolves.toBe(answer);
  });

  it('sends every other message as it is', () => {
    const { process, sent } = child();
    process.emit('message', { type: ANSWER, workerData: {} });
    process.send({ taskId: 1 });
    expect(sent).toEqual([{ taskId: 1 }]);
  });

  it('leaves a process that is not a runner child alone', () => {
    const { process } = child({});
    expect(process.listenerCount('message')).toBe(0);
  });
});

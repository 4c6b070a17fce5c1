import 'reflect-metadata';
import { runCli } from './run-cli.js';

const pending: Promise<void>[] = [];
const write = (stream: NodeJS.WriteStream, line: string) => {
  pending.push(new Promise((resolve) => stream.write(`${line}\n`, () => resolve())));
};

const code = await runCli(process.argv.slice(2), {
  stdout: (line) => write(process.stdout, line),
  stderr: (line) => write(process.stderr, line),
});
// Exit explicitly once the output is flushed: libraries' exit hooks must not change the exit code.
await Promise.all(pending);
process.exit(code);

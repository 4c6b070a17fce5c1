import 'reflect-metadata';
import { helpFor } from './usage.js';

const pending: Promise<void>[] = [];
const write = (stream: NodeJS.WriteStream, line: string) => {
  pending.push(new Promise((resolve) => stream.write(`${line}\n`, () => resolve())));
};

// Help without loading the platform (Nest, the ORM, every context): it answers in a few milliseconds.
const argv = process.argv.slice(2);
const help = helpFor(argv);
let code = 0;
if (help) write(process.stdout, help);
else {
  const { runCli } = await import('./run-cli.js');
  code = await runCli(argv, {
    stdout: (line) => write(process.stdout, line),
    stderr: (line) => write(process.stderr, line),
  });
}
// Exit explicitly once the output is flushed: libraries' exit hooks must not change the exit code.
await Promise.all(pending);
process.exit(code);

import cliProgress from 'cli-progress';
import type { SeedProgress } from '@platform/seed';

/** One bar per seed step on stderr (stdout stays for the command's answer). */
export function progressBar(): { update: (p: SeedProgress) => void; stop: () => void } {
  const bars = new cliProgress.MultiBar(
    { stream: process.stderr, format: ' {step} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  const byStep = new Map<string, cliProgress.SingleBar>();
  return {
    update: (p) => {
      let bar = byStep.get(p.step);
      if (!bar) {
        bar = bars.create(p.total, 0, { step: p.step.padEnd(11) });
        byStep.set(p.step, bar);
      }
      bar.update(p.done);
    },
    stop: () => bars.stop(),
  };
}

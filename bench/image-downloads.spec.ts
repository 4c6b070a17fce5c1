import { type DownloadFigure, downloadTargets } from './image-downloads.js';

describe('downloadTargets', () => {
  const run = (images: number, peakRssMiB: number): DownloadFigure => ({ images, createSeconds: 1, seconds: 2, imagesPerSecond: images / 2, failed: 0, rssBeforeMiB: 250, peakRssMiB });

  it('calls the peak RSS flat when the most images raise it by 10% or less', () => {
    expect(downloadTargets([run(200, 300), run(2000, 330)])).toEqual([expect.objectContaining({ met: true, measured: '300 then 330 MiB (+10%)' })]);
    expect(downloadTargets([run(200, 300), run(2000, 331)])[0]!.met).toBe(false);
  });

  it('has no target for one count (the smoke run)', () => {
    expect(downloadTargets([run(200, 300)])).toEqual([]);
    expect(downloadTargets([])).toEqual([]);
  });
});

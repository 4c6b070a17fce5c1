export { BullmqJobQueue } from './bullmq.job-queue.js';
export { InProcessJobQueue } from './in-process.job-queue.js';
export { JOB_QUEUE, type EnqueueOptions, type Job, type JobHandler, type JobQueue } from './job-queue.js';
export { ShopJob, type ShopJobProcessor, type ShopJobType } from './shop-job.js';
export { ShopJobs, eachShopJobName } from './shop-jobs.js';
export { QueueModule, createJobQueue, type QueueModuleOptions } from './queue.module.js';
